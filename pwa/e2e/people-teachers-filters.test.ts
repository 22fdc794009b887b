import type { TeacherListResponse } from '@rollbook/shared-types/teachers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openFromMenu, searchAsTyped } from './app-driver';
import { api } from './api-driver';
import { pick, selectOf, view } from './scheduling-driver';
import { waitUntilPageHeadingIs, waitUntilUserSees } from './user-sees';
import { useAdminListSession } from './admin-list-session';
import { addressOf, peopleList } from './people-list-driver';

// The admin's teachers list keeps its filters in the address with its page and order, so a reload
// (or the same link elsewhere) shows the same filters and rows, and back returns to the list before
// them. Active teachers are the default (a plain /teachers). The rows are compared with what the
// API answers for the same filters.

const session = useAdminListSession('/api/teachers/getall');

const nameBox = (page: Page) => view(page).getByLabel('Name', { exact: true });
/** The API's answer for these filters (active teachers unless said), as the page asks. */
const teachers = (filters: Record<string, string> = {}) =>
  api<TeacherListResponse>(session.adminApi, `/api/teachers/getall?${new URLSearchParams(filters)}`);

const showsRows = peopleList<TeacherListResponse>('Teachers', (body) => body.teachers);

describe('the teachers list filtered by name and status', () => {
  it('keeps the typed name and the picked status through a reload, and back returns to the active teachers', async () => {
    const { page } = session.admin;
    const active = await teachers();
    const everyone = await teachers({ status: '-1' });
    // Three letters from inside the name of an inactive teacher that an active teacher's name holds
    // too, as a user half-remembering a name types them: All then shows more than Active.
    const nameOf = (t: TeacherListResponse['teachers'][number]) => `${t.firstName} ${t.lastName}`.toLowerCase();
    const part = everyone.teachers.filter((t) => !t.active).flatMap((t) => [...nameOf(t)].map((_, i) => nameOf(t).slice(i, i + 3)))
      .find((text) => /^[a-z]{3}$/.test(text) && everyone.teachers.some((t) => t.active && nameOf(t).includes(text)));
    expect(part, "three letters of an inactive teacher's name that an active teacher's name holds").toBeDefined();
    const byName = await teachers({ searchText: part! });
    const byNameAll = await teachers({ searchText: part!, status: '-1' });
    expect(byName.teachers.length).toBeGreaterThan(0);
    expect(byNameAll.total).toBeGreaterThan(byName.total);
    expect(byName.total).toBeLessThan(active.total);

    await openFromMenu(page, 'Teachers');
    await waitUntilPageHeadingIs(page, 'Teachers');
    await page.waitForURL((url) => url.pathname === '/teachers' && url.search === '');
    await showsRows(page, active, 'the first of the active teachers');

    await nameBox(page).click();
    await searchAsTyped(page, nameBox(page), part!, 'searchText', session.listRequests,
      () => showsRows(page, byName, `the first active teacher whose name holds "${part}"`));

    await pick(view(page), 'Status', /^All$/);
    await page.waitForURL((url) => url.searchParams.get('status') === '-1');
    await showsRows(page, byNameAll, `the first teacher of any status whose name holds "${part}"`);
    expect(addressOf(page)).toEqual({ searchText: part, status: '-1' });
    expect(session.listRequests.at(-1)?.searchParams.get('status')).toBe('-1');

    // A reload shows the same filters and rows.
    await page.reload();
    await showsRows(page, byNameAll, 'the same rows after the reload');
    expect(addressOf(page)).toEqual({ searchText: part, status: '-1' });
    await expect.poll(() => nameBox(page).inputValue()).toBe(part);
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('All', { exact: true }), 'Status showing All');

    // Back undoes the status, then the typed name (one step for the whole word).
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('searchText') === part && !url.searchParams.has('status'));
    await showsRows(page, byName, 'the rows of the name alone');
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('Active', { exact: true }), 'Status back on Active');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/teachers' && url.search === '');
    await showsRows(page, active, 'the active teachers again');
    await expect.poll(() => nameBox(page).inputValue()).toBe('');
    expect(session.admin.errors).toEqual([]);
  });

  it('returns to the active teachers with RESET', async () => {
    const { page } = session.admin;
    const active = await teachers();
    const inactive = await teachers({ status: '0' });
    await pick(view(page), 'Status', /^Inactive$/);
    await page.waitForURL((url) => url.searchParams.get('status') === '0');
    await showsRows(page, inactive, 'the first inactive teacher');
    await nameBox(page).fill('no-such-teacher-anywhere');
    await waitUntilUserSees(view(page).getByText('No teachers currently'), 'the empty text');
    expect(addressOf(page)).toEqual({ searchText: 'no-such-teacher-anywhere', status: '0' });

    await view(page).getByRole('button', { name: 'RESET', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/teachers' && url.search === '');
    await showsRows(page, active, 'the active teachers after RESET');
    await expect.poll(() => nameBox(page).inputValue()).toBe('');
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('Active', { exact: true }), 'Status back on Active');
    expect(session.admin.errors).toEqual([]);
  });
});
