import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeNetwork } from '../../../offline/testing/fake-network';
import { makeClass, makeLine, makeStudent } from '../../../offline/testing/fixtures';
import { endPhoneSession, startPhoneSession } from '../../../offline/testing/phone-session';
import { TeacherStudentsPage } from './teacher-students-page';

vi.mock('../../../components/mobile/mobile-page', async () => ({
  MobilePage: (await import('../../../components/mobile/testing/mobile-page-stub')).MobilePageStub,
}));

afterEach(async () => {
  cleanup();
  await endPhoneSession();
});

describe('the teacher\'s students on the phone', () => {
  it('lists the students of the teacher\'s classes, by surname', async () => {
    const network = new FakeNetwork();
    network.server.addClass(makeClass({ classId: 10 }));
    network.server.addLine(makeLine(10, 1));
    network.server.addLine(makeLine(10, 2));
    network.server.students.set(1, makeStudent(1, 'Zoe', 'Young', 'Acme Ltd'));
    network.server.students.set(2, makeStudent(2, 'Adam', 'Archer'));
    await startPhoneSession(network);
    render(<TeacherStudentsPage />);
    await screen.findByText('Zoe Young');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Adam Archer', 'Zoe Young']);
  });

  it('says "You do not currently have any students" when there are none', async () => {
    await startPhoneSession(new FakeNetwork());
    render(<TeacherStudentsPage />);
    await screen.findByText('You do not currently have any students');
  });
});
