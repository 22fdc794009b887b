import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeNetwork } from '../../../offline/testing/fake-network';
import { makeClass, makeLine, makeStudent } from '../../../offline/testing/fixtures';
import { ionButton, ionButtons } from '../../../components/mobile/testing/ion-queries';
import { endPhoneSession, startPhoneSession } from '../../../offline/testing/phone-session';
import { TeacherClassesPage } from './teacher-classes-page';

vi.mock('../../../components/mobile/mobile-page', async () => ({
  MobilePage: (await import('../../../components/mobile/testing/mobile-page-stub')).MobilePageStub,
}));

// Monday 23 November 2026, noon in London.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(async () => {
  cleanup();
  await endPhoneSession();
  vi.useRealTimers();
});

function schoolWeek(): FakeNetwork {
  const network = new FakeNetwork();
  network.server.addClass(makeClass({ classId: 10, startsAt: '2026-11-23T09:00:00Z', seriesStatusId: 2, company: 'Acme Ltd', address: '1 High Street' }));
  network.server.addClass(makeClass({ classId: 11, startsAt: '2026-11-24T09:00:00Z', seriesStatusId: 3, courseId: 2, course: 'Business English' }));
  network.server.addClass(makeClass({ classId: 12, startsAt: '2026-11-25T09:00:00Z', seriesStatusId: 6 }));
  network.server.addClass(makeClass({ classId: 13, startsAt: '2026-11-26T15:00:00Z', seriesStatusId: 1 }));
  network.server.addLine(makeLine(10, 1));
  network.server.students.set(1, makeStudent(1, 'Ann', 'Able'));
  return network;
}

const renderPage = (path = '/teachers/classesmobile') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/teachers/classesmobile" element={<TeacherClassesPage />} />
        <Route path="/teachers/classesmobile/:id" element={<TeacherClassesPage />} />
      </Routes>
    </MemoryRouter>,
  );

const card = (classId: number) => document.querySelector(`[data-class-id="${classId}"]`) as HTMLElement;
// The cards are committed a few per task as the list first shows (use-staged-count.ts).
const allCardsShown = async (count: number) => {
  await waitFor(() => expect(document.querySelectorAll('[data-class-id]')).toHaveLength(count));
  expect(document.querySelector('.class-cards')?.getAttribute('aria-busy')).toBe('false');
};

describe('the teacher\'s classes on the phone', () => {
  it('opens on this week (Monday to Sunday) with a card per class from the phone\'s copy', async () => {
    await startPhoneSession(schoolWeek());
    renderPage();
    await screen.findByRole('heading', { name: 'Classes in week 23/11/2026 - 29/11/2026' });
    await screen.findByText('Acme Ltd');
    // A few cards per task, the list busy until the last is there.
    expect(document.querySelectorAll('[data-class-id]')).toHaveLength(2);
    expect(document.querySelector('.class-cards')?.getAttribute('aria-busy')).toBe('true');
    await allCardsShown(4);
    const first = within(card(10));
    expect(first.getByText('Monday')).toBeTruthy();
    expect(first.getByText('23/11/2026 · 09:00 - 10:00')).toBeTruthy();
    expect(first.getByText('General English')).toBeTruthy();
    expect(first.getByText('English B1')).toBeTruthy();
    expect(first.getByText('1 High Street')).toBeTruthy();
    expect(first.getByText('Requires marking')).toBeTruthy();
  });

  it('hides the pencil for Marked and Paid classes and opens attendance only from Scheduled, Requires marking and Marked', async () => {
    await startPhoneSession(schoolWeek());
    renderPage();
    await screen.findByText('Acme Ltd');
    await allCardsShown(4);
    const pencil = (classId: number) => ionButtons(card(classId), /^Reschedule class/)[0] ?? null;
    const badgeButton = (classId: number) => within(card(classId)).queryByRole('button', { name: /^Attendance of/ });
    expect([10, 11, 12, 13].map((id) => pencil(id) !== null)).toEqual([true, false, false, true]);
    expect([10, 11, 12, 13].map((id) => badgeButton(id) !== null)).toEqual([true, true, false, true]);
    expect(within(card(12)).getByText('Paid')).toBeTruthy();
  });

  it('moves by day, week and month with the spec headings, and says when a period has no classes', async () => {
    await startPhoneSession(schoolWeek());
    renderPage();
    await screen.findByText('Acme Ltd');
    fireEvent.click(ionButton(document, 'Next'));
    await screen.findByRole('heading', { name: 'Classes in week 30/11/2026 - 06/12/2026' });
    await screen.findByText('No classes in this period');
    fireEvent.click(ionButton(document, 'Previous'));
    fireEvent.click(ionButton(document, 'Previous'));
    await screen.findByRole('heading', { name: 'Classes in week 16/11/2026 - 22/11/2026' });
  });

  it('lists only the classes of the course in the path', async () => {
    await startPhoneSession(schoolWeek());
    renderPage('/teachers/classesmobile/2');
    await screen.findByText('Business English');
    expect(document.querySelectorAll('[data-class-id]')).toHaveLength(1);
  });
});
