import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markAttendance } from '../../offline/offline-actions';
import { activeSync } from '../../offline/sync-session';
import { FakeNetwork } from '../../offline/testing/fake-network';
import { makeClass, makeLine, makeStudent } from '../../offline/testing/fixtures';
import { ionButton } from '../mobile/testing/ion-queries';
import { endPhoneSession, startPhoneSession } from '../../offline/testing/phone-session';
import { SyncIssueList } from './sync-issues-modal';
import { SyncStatusBar } from './sync-status-bar';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(async () => {
  cleanup();
  await endPhoneSession();
  vi.useRealTimers();
});

function twoClasses(): FakeNetwork {
  const network = new FakeNetwork();
  for (const classId of [10, 11]) {
    network.server.addClass(makeClass({ classId, startsAt: '2026-11-23T09:00:00Z', course: `Course ${classId}` }));
    network.server.addLine(makeLine(classId, 1));
  }
  network.server.students.set(1, makeStudent(1, 'Ann', 'Able'));
  return network;
}

const goOffline = (offline: boolean) => {
  vi.spyOn(Object.getPrototypeOf(navigator) as Navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
};

describe('the sync status of the phone pages', () => {
  it('shows the offline chip only while offline, and when the data was last updated (London time)', async () => {
    await startPhoneSession(twoClasses());
    render(<SyncStatusBar showChanges={false} />);
    await screen.findByText(/^Last updated 12:00$/);
    expect(screen.queryByText('Offline')).toBeNull();
    goOffline(true);
    await screen.findByText('Offline');
    goOffline(false);
    await waitFor(() => expect(screen.queryByText('Offline')).toBeNull());
  });

  it('shows students no queue, and teachers the pending count and when changes were last synced', async () => {
    const network = twoClasses();
    await startPhoneSession(network);
    const { rerender } = render(<SyncStatusBar showChanges={false} />);
    await screen.findByText(/^Last updated/);
    expect(screen.queryByText(/Pending changes/)).toBeNull();

    rerender(<SyncStatusBar showChanges />);
    await screen.findByText('Pending changes: 0');
    network.offline = true;
    await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
    await markAttendance({ classId: 11, studentId: 1, statusId: 5 });
    await screen.findByText('Pending changes: 2');
    expect(screen.queryByText(/^Last synced/)).toBeNull();

    network.offline = false;
    await activeSync()?.engine.sendNow();
    await screen.findByText('Pending changes: 0');
    await screen.findByText('Last synced 12:00');
  });

  it('lists a refused change with the server\'s reason without holding up the others, and lets the teacher keep the server\'s value', async () => {
    const network = twoClasses();
    network.server.draftClassIds.add(10);
    await startPhoneSession(network);
    render(
      <>
        <SyncStatusBar showChanges />
        <SyncIssueList />
      </>,
    );
    await screen.findByText('No sync issues: every change you made has been answered.');
    await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
    await markAttendance({ classId: 11, studentId: 1, statusId: 2 });
    await activeSync()?.engine.sendNow();

    const issue = (await screen.findByText('You can not mark classes for a draft course')).closest('ion-item') as HTMLElement;
    expect(within(issue).getByText(/Ann Able: Attended - Course 10/)).toBeTruthy();
    expect(screen.getByText('Sync issues (1)')).toBeTruthy();
    expect(screen.getByText('Pending changes: 0')).toBeTruthy();
    expect(network.server.lines.get('11:1')?.row.statusId).toBe(2);
    expect(network.server.lines.get('10:1')?.row.statusId).toBe(1);

    fireEvent.click(ionButton(issue, "KEEP SERVER'S"));
    await screen.findByText('No sync issues: every change you made has been answered.');
    expect(await activeSync()?.db.outbox.count()).toBe(0);
  });

  it('re-applies the teacher\'s change as a new one when they choose theirs', async () => {
    const network = twoClasses();
    network.server.draftClassIds.add(10);
    await startPhoneSession(network);
    render(<SyncIssueList />);
    await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
    await activeSync()?.engine.sendNow();
    const issue = (await screen.findByText('You can not mark classes for a draft course')).closest('ion-item') as HTMLElement;

    network.server.draftClassIds.delete(10); // the office made the course Active again
    network.offline = true;
    fireEvent.click(ionButton(issue, 'RE-APPLY MINE'));
    await screen.findByText('No sync issues: every change you made has been answered.');
    const queued = await activeSync()?.db.outbox.toArray();
    expect(queued?.map((row) => [row.status, row.args])).toEqual([['pending', { classId: 10, studentId: 1, statusId: 2 }]]);
    network.offline = false;
    await activeSync()?.engine.sendNow();
    await waitFor(() => expect(network.server.lines.get('10:1')?.row.statusId).toBe(2));
  });
});
