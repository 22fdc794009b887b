import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { CountTiles } from './count-tiles';
import { ClassesPerMonthChart } from './classes-per-month-chart';
import { SubjectBreakdownChart } from './subject-breakdown-chart';

// Chart.js needs a real canvas: the charts' props are checked instead of their pixels.
const chartProps: Record<string, unknown>[] = [];
vi.mock('react-chartjs-2', () => ({
  Bar: (props: Record<string, unknown>) => {
    chartProps.push(props);
    return <canvas aria-label={String(props['aria-label'])} />;
  },
  Doughnut: (props: Record<string, unknown>) => {
    chartProps.push(props);
    return <canvas aria-label={String(props['aria-label'])} />;
  },
}));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ANSWERS: Record<string, unknown> = {
  '/api/reports/GetCountStats': { unmarkedClassTotal: 17, draftCourseTotal: 5, lessThanThreeClassesRemaining: 12, classCountErrorTotal: 4, expiredTotal: 2 },
  '/api/reports/GetAttendanceWarningCount': { threshold: 75, total: 3 },
  '/api/reports/GetClassMonthlyCount': { months: MONTHS.map((name, i) => ({ month: i + 1, monthShortName: name, classCount1: i, classCount2: 100 + i })) },
  '/api/reports/GetSubjectPercentages': {
    year: 2026, classCountYtd: 10,
    subjects: [
      { subjectId: 1, name: 'English', color: '#1E88E5', subjectCountYtd: 7, percentage: 70 },
      { subjectId: 2, name: 'French', color: '#3949AB', subjectCountYtd: 3, percentage: 30 },
    ],
  },
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  chartProps.length = 0;
  session.set({
    token: 't', expiresAt: new Date(Date.now() + 3600_000).toISOString(), userId: 1, firstName: 'Alex', lastName: 'Morgan', username: 'admin',
    avatarImage: null, entityId: null, roles: [{ name: 'CompanyAdmin', entityId: null }],
  });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => Response.json(ANSWERS[new URL(url, 'http://x').pathname] ?? {}, { status: 200 })));
});
afterEach(() => {
  cleanup();
  session.clear();
});

describe('admin dashboard', () => {
  it('shows the five counts and the attendance warnings, named by the threshold, each linking to the list it counts', async () => {
    render(<CountTiles />, { wrapper });
    // The five counts and the warnings tile come from two requests, answered in either order.
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(6));
    const tiles = screen.getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['2Courses expiring / expired', '/courses?expiredClasses=true&statusId=2'],
      ['12Courses ending / ended', '/courses?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True'],
      ['17Unmarked classes', '/classes?statusId=2'],
      ['4Courses with time discrepancies', '/courses?showClassCountErrors=True'],
      ['5Draft courses', '/courses?statusId=1'],
      ['3Students below 75% attendance', '/attendance-warnings'],
    ]);
  });

  it('charts classes per month from June on (after the first five entries), last year against this year, with a table for screen readers', async () => {
    render(<ClassesPerMonthChart />, { wrapper });
    const table = await screen.findByRole('table', { name: 'Classes per month' });
    const props = chartProps.at(-1) as { data: { labels: string[]; datasets: { data: number[] }[] } };
    expect(props.data.labels).toEqual(['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(props.data.datasets.map((d) => d.data)).toEqual([[5, 6, 7, 8, 9, 10, 11], [105, 106, 107, 108, 109, 110, 111]]);
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('row', { name: 'Jun 5 105' })).toBeTruthy();
    expect(screen.getByLabelText(/^Classes per month, Jun to Dec/)).toBeTruthy();
  });

  it('draws the subject breakdown in each subject\'s colour and says the percentages in words', async () => {
    render(<SubjectBreakdownChart />, { wrapper });
    await screen.findByRole('table', { name: 'Subject breakdown year to date (10 classes in 2026)' });
    const props = chartProps.at(-1) as { data: { labels: string[]; datasets: { data: number[]; backgroundColor: string[] }[] } };
    expect(props.data.labels).toEqual(['English', 'French']);
    expect(props.data.datasets[0]).toMatchObject({ data: [7, 3], backgroundColor: ['#1E88E5', '#3949AB'] });
    expect(screen.getByLabelText('Subject breakdown year to date: English 70%, French 30%')).toBeTruthy();
  });
});
