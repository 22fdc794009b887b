import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ionButton } from '../../../components/mobile/testing/ion-queries';
import { session } from '../../../lib/session';
import { UnmarkedTeachers } from './unmarked-teachers';

// The teachers with classes to mark, ten at a time: a chain has hundreds of them.

const TOTAL = 12;
const teacher = (n: number) => ({ teacherId: n, firstName: 'Tina', lastName: `Tutor ${n}`, avatar: null, count: 100 - n });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  session.set({
    token: 't', expiresAt: new Date(Date.now() + 3600_000).toISOString(), userId: 1, firstName: 'Alex', lastName: 'Morgan', username: 'admin',
    avatarImage: null, entityId: null, roles: [{ name: 'CompanyAdmin', entityId: null }],
  });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    const [page, pageSize] = [Number(query.get('page')), Number(query.get('pageSize'))];
    const first = (page - 1) * pageSize + 1;
    const teachers = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - first + 1)) }, (_, i) => teacher(first + i));
    return Response.json({ teachers, total: TOTAL, page, pageSize }, { status: 200 });
  }));
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

/** The teachers shown, by the number in their names (each link also holds the avatar's initials). */
const shown = () => screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/teachersForm/')).map((a) => Number(/(\d+)$/.exec(a.textContent ?? '')?.[1]));

describe('teachers with unmarked classes', () => {
  it('shows ten teachers, then the next page of them', async () => {
    render(<UnmarkedTeachers />, { wrapper });
    await screen.findByText('Page 1 of 2');
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getByRole('link', { name: '99 unmarked classes of Tina Tutor 1' }).getAttribute('href')).toBe('/classes?teacherId=1&statusId=2');
    fireEvent.click(ionButton(document.body, 'NEXT'));
    await waitFor(() => expect(shown()).toEqual([11, 12]));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });
});
