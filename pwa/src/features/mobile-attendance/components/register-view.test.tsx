import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeSync } from '../../../offline/sync-session';
import { FakeNetwork } from '../../../offline/testing/fake-network';
import { makeClass, makeLine, makeStudent } from '../../../offline/testing/fixtures';
import { useClass } from '../../../offline/hooks/use-classes';
import { ionButton } from '../../../components/mobile/testing/ion-queries';
import { endPhoneSession, startPhoneSession } from '../../../offline/testing/phone-session';
import { RegisterView } from './register-view';

const notifyError = vi.fn();
vi.mock('../../../components/ui/notify', () => ({ useNotify: () => ({ success: vi.fn(), error: notifyError }) }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  notifyError.mockReset();
});
afterEach(async () => {
  cleanup();
  await endPhoneSession();
  vi.useRealTimers();
});

function classWithRegister(overrides: Parameters<typeof makeClass>[0]): FakeNetwork {
  const network = new FakeNetwork();
  network.server.addClass(makeClass(overrides));
  network.server.addLine(makeLine(overrides.classId, 1));
  network.server.addLine(makeLine(overrides.classId, 2, 2));
  network.server.students.set(1, makeStudent(1, 'Ann', 'Able', 'Acme Ltd'));
  network.server.students.set(2, makeStudent(2, 'Bob', 'Baker'));
  return network;
}

function Register({ classId }: { classId: number }) {
  const cls = useClass(classId);
  return cls ? <RegisterView cls={cls} /> : null;
}

const lineOf = async (name: string) => (await screen.findByText(name)).closest('ion-item') as HTMLElement;
// Ionic moves aria-pressed onto its inner button (not built in jsdom): the fill shows the selection.
const pressed = (line: HTMLElement, label: string) => String(ionButton(line, label).getAttribute('fill') === 'solid');

describe('marking attendance on the phone', () => {
  it('lists the register with each student\'s company (or Private) and their current mark', async () => {
    await startPhoneSession(classWithRegister({ classId: 10, startsAt: '2026-11-23T09:00:00Z' }));
    render(<Register classId={10} />);
    const ann = await lineOf('Ann Able');
    expect(within(ann).getByText('Acme Ltd')).toBeTruthy();
    expect([pressed(ann, 'ATTENDED'), pressed(ann, 'ABSENT')]).toEqual(['false', 'false']);
    const bob = await lineOf('Bob Baker');
    expect(within(bob).getByText('Private')).toBeTruthy();
    expect(pressed(bob, 'ATTENDED')).toBe('true');
  });

  it('saves a mark on the phone at once, flags it until it is sent, and clears it when the selected toggle is clicked again', async () => {
    const network = classWithRegister({ classId: 10, startsAt: '2026-11-23T09:00:00Z' });
    network.offline = true;
    await startPhoneSession(network);
    network.offline = false;
    await activeSync()?.engine.pullNow();
    network.offline = true;
    render(<Register classId={10} />);
    const ann = await lineOf('Ann Able');

    fireEvent.click(ionButton(ann, 'ABSENT'));
    await waitFor(() => expect(pressed(ann, 'ABSENT')).toBe('true'));
    expect(within(ann).getByText('Not sent yet')).toBeTruthy();

    fireEvent.click(ionButton(ann, 'ABSENT'));
    await waitFor(() => expect(pressed(ann, 'ABSENT')).toBe('false'));
    const outbox = await activeSync()?.db.outbox.toArray();
    expect(outbox?.map((row) => row.args)).toEqual([
      { classId: 10, studentId: 1, statusId: 5 },
      { classId: 10, studentId: 1, statusId: 1 },
    ]);

    network.offline = false;
    await activeSync()?.engine.sendNow();
    await waitFor(() => expect(within(ann).queryByText('Not sent yet')).toBeNull());
    expect(network.server.lines.get('10:1')?.row.statusId).toBe(1);
  });

  it('marks every pending student attended in one tap as ONE queued change, then one flip to absent, sent once', async () => {
    const network = classWithRegister({ classId: 10, startsAt: '2026-11-23T09:00:00Z' });
    network.server.addLine(makeLine(10, 3));
    network.server.students.set(3, makeStudent(3, 'Cat', 'Cole'));
    await startPhoneSession(network);
    network.offline = true;
    render(<Register classId={10} />);
    await lineOf('Cat Cole');

    fireEvent.click(ionButton(document.body, 'All attended'));
    const ann = await lineOf('Ann Able');
    await waitFor(() => expect(pressed(ann, 'ATTENDED')).toBe('true'));
    expect(pressed(await lineOf('Cat Cole'), 'ATTENDED')).toBe('true');
    // Nobody is pending any more: the action goes.
    expect(screen.queryByText('All attended')).toBeNull();
    const outbox = await activeSync()?.db.outbox.toArray();
    // Bob was already attended: only the pending students are in the change.
    expect(outbox?.map((row) => [row.name, row.args])).toEqual([
      ['markAllAttended', { classId: 10, lines: [{ studentId: 1, baseVersion: 1 }, { studentId: 3, baseVersion: 1 }] }],
    ]);

    fireEvent.click(ionButton(await lineOf('Cat Cole'), 'ABSENT'));
    await waitFor(async () => expect(pressed(await lineOf('Cat Cole'), 'ABSENT')).toBe('true'));

    network.offline = false;
    await activeSync()?.engine.sendNow();
    await waitFor(async () => expect(await activeSync()?.db.outbox.count()).toBe(0));
    expect(network.server.appliedLog.map((m) => m.name)).toEqual(['markAllAttended', 'markAttendance']);
    expect([1, 2, 3].map((s) => network.server.lines.get(`10:${s}`)?.row.statusId)).toEqual([2, 2, 5]);
    expect(pressed(await lineOf('Cat Cole'), 'ABSENT')).toBe('true');
    expect(pressed(await lineOf('Ann Able'), 'ATTENDED')).toBe('true');
  });

  it('shows no "All attended" on a class that has not started', async () => {
    await startPhoneSession(classWithRegister({ classId: 10, startsAt: '2026-11-23T15:00:00Z', seriesStatusId: 1 }));
    render(<Register classId={10} />);
    await lineOf('Ann Able');
    expect(screen.queryByText('All attended')).toBeNull();
  });

  it('keeps the toggles of a class that has not started yet disabled, with the reason', async () => {
    await startPhoneSession(classWithRegister({ classId: 10, startsAt: '2026-11-23T15:00:00Z', seriesStatusId: 1 }));
    render(<Register classId={10} />);
    const ann = await lineOf('Ann Able');
    expect(screen.getByText('You can not mark a class before it has started')).toBeTruthy();
    expect(ionButton(ann, 'ATTENDED').getAttribute('disabled')).not.toBeNull();
  });

  it('refuses marking a class of a Draft course with the spec message and queues nothing', async () => {
    await startPhoneSession(classWithRegister({ classId: 10, startsAt: '2026-11-23T09:00:00Z', courseStatusId: 1 }));
    render(<Register classId={10} />);
    const ann = await lineOf('Ann Able');
    fireEvent.click(ionButton(ann, 'ATTENDED'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You can not mark classes for a draft course'));
    expect(await activeSync()?.db.outbox.count()).toBe(0);
  });
});
