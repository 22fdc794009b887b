import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DashboardClass } from '@rollbook/shared-types/dashboard';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ionButton } from '../../../components/mobile/testing/ion-queries';
import { session } from '../../../lib/session';
import { ClassesInPeriod } from './classes-in-period';

// The panel asks for a page at a time: the server's total in the heading, the next page by the
// cursor the page before answered, and back again.

const TOTAL = 45;
const PAGE = 20;

const classNumbered = (n: number): DashboardClass => ({
  classId: n, courseId: 100 + n, title: `Course ${n}`, subject: 'English', subjectColor: '#1E88E5', level: 'B1', company: null,
  teacherId: 7, teacher: 'Tina Tutor', classDate: '2026-12-07', classDateString: '07/12/2026', time: '09:00', endTime: '10:00',
  classLength: 60, statusId: 1, studentCount: 3,
});

/** The server's pages: the cursor after page k is 'after-k'. */
function answer(url: URL) {
  const after = url.searchParams.get('after');
  const index = after === null ? 0 : Number(after.slice('after-'.length));
  const first = index * PAGE + 1;
  const rows = Array.from({ length: Math.max(0, Math.min(PAGE, TOTAL - first + 1)) }, (_, i) => classNumbered(first + i));
  return {
    period: url.searchParams.get('period'), from: '2026-12-07', to: '2026-12-07', datesSelected: '07/12/2026', classes: rows, total: TOTAL,
    page: index + 1, pageSize: PAGE, next: first + PAGE <= TOTAL ? `after-${index + 1}` : null,
  };
}

const asked: URL[] = [];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  asked.length = 0;
  session.set({
    token: 't', expiresAt: new Date(Date.now() + 3600_000).toISOString(), userId: 1, firstName: 'Alex', lastName: 'Morgan', username: 'admin',
    avatarImage: null, entityId: null, roles: [{ name: 'CompanyAdmin', entityId: null }],
  });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const parsed = new URL(url, 'http://x');
    asked.push(parsed);
    return Response.json(answer(parsed), { status: 200 });
  }));
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

const courses = () => within(screen.getByRole('region', { name: 'Classes today' })).getAllByRole('link', { name: /^Course / }).map((a) => a.textContent);

describe('classes in a period', () => {
  it('heads the panel with every class of the period and shows the first page of them', async () => {
    render(<ClassesInPeriod />, { wrapper });
    expect(await screen.findByRole('heading', { name: `Classes today (${TOTAL})` })).toBeTruthy();
    expect(courses()).toEqual(Array.from({ length: PAGE }, (_, i) => `Course ${i + 1}`));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(asked.map((u) => [u.searchParams.get('period'), u.searchParams.get('pageSize'), u.searchParams.get('after')])).toEqual([['D', String(PAGE), null]]);
  });

  it('goes to the next pages by the cursor each page answered, and back', async () => {
    render(<ClassesInPeriod />, { wrapper });
    await screen.findByText('Page 1 of 3');
    fireEvent.click(ionButton(document.body, 'NEXT'));
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(courses()[0]).toBe('Course 21'));
    fireEvent.click(ionButton(document.body, 'NEXT'));
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(courses()).toEqual(['Course 41', 'Course 42', 'Course 43', 'Course 44', 'Course 45']));
    expect(asked.map((u) => u.searchParams.get('after'))).toEqual([null, 'after-1', 'after-2']);
    fireEvent.click(ionButton(document.body, 'PREVIOUS'));
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(courses()[0]).toBe('Course 21'));
  });
});
