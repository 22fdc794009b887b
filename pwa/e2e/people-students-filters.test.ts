import type { StudentListResponse } from '@rollbook/shared-types/students';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openFromMenu } from './app-driver';
import { api } from './api-driver';
import { pick, selectOf, view } from './scheduling-driver';
import { waitUntilPageHeadingIs, waitUntilUserSees } from './user-sees';
import { useAdminListSession } from './admin-list-session';
import { addressOf, peopleList } from './people-list-driver';

// The admin's students list keeps its filters in the address with its page and order, so a reload
// (or the same link elsewhere) shows the same filters and rows, and back returns to the list before
// them. The rows are compared with what the API answers for the same filters.

const session = useAdminListSession('/api/students/getall');

const nameBox = (page: Page) => view(page).getByLabel('Student name');
/** The API's answer for these filters (every company and status unless said), as the page asks. */
const students = (filters: Record<string, string> = {}) =>
  api<StudentListResponse>(session.adminApi, `/api/students/getall?${new URLSearchParams({ companyId: '-1', statusId: '-1', ...filters })}`);

const showsRows = peopleList<StudentListResponse>('Students', (body) => body.students);

describe('the students list filtered by name and status', () => {
  it('keeps the typed name and the picked status through a reload, and back returns to the unfiltered list', async () => {
    const { page } = session.admin;
    const everyone = await students();
    const active = everyone.students.find((s) => s.statusId === 1 && s.lastName.length >= 4);
    expect(active, 'a seeded active student with a surname of 4 letters or more').toBeDefined();
    // Part of a surname, not its start, as a user half-remembering it types it.
    const part = active!.lastName.slice(1, 4).toLowerCase();
    const byName = await students({ name: part });
    const byNameActive = await students({ name: part, statusId: '1' });
    expect(byNameActive.students.length).toBeGreaterThan(0);
    expect(byNameActive.total).toBeLessThan(everyone.total);

    await openFromMenu(page, 'Students');
    await waitUntilPageHeadingIs(page, 'Students');
    await page.waitForURL((url) => url.pathname === '/students' && url.search === '');
    await showsRows(page, everyone, 'the first of every student');

    // Typing asks once the user pauses, not once a key.
    await nameBox(page).click();
    await nameBox(page).pressSequentially(part, { delay: 60 });
    await page.waitForURL((url) => url.searchParams.get('name') === part);
    await showsRows(page, byName, `the first student whose name holds "${part}"`);
    expect(new Set(session.listRequests.filter((url) => url.searchParams.has('name')).map((url) => url.searchParams.get('name')))).toEqual(new Set([part]));

    await pick(view(page), 'Status', /^Active$/);
    await page.waitForURL((url) => url.searchParams.get('statusId') === '1');
    await showsRows(page, byNameActive, `the first active student whose name holds "${part}"`);
    expect(addressOf(page)).toEqual({ name: part, statusId: '1' });
    expect(session.listRequests.at(-1)?.searchParams.get('statusId')).toBe('1');

    // A reload shows the same filters and rows.
    await page.reload();
    await showsRows(page, byNameActive, 'the same rows after the reload');
    expect(addressOf(page)).toEqual({ name: part, statusId: '1' });
    await expect.poll(() => nameBox(page).inputValue()).toBe(part);
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('Active', { exact: true }), 'Status showing Active');

    // Back undoes the status, then the typed name (one step for the whole word).
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('name') === part && !url.searchParams.has('statusId'));
    await showsRows(page, byName, 'the rows of the name alone');
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('All', { exact: true }), 'Status back on All');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/students' && url.search === '');
    await showsRows(page, everyone, 'every student again');
    await expect.poll(() => nameBox(page).inputValue()).toBe('');
    expect(session.admin.errors).toEqual([]);
  });

  it('clears every filter with RESET', async () => {
    const { page } = session.admin;
    const everyone = await students();
    const inactive = await students({ statusId: '0' });
    await pick(view(page), 'Status', /^Inactive$/);
    await page.waitForURL((url) => url.searchParams.get('statusId') === '0');
    await showsRows(page, inactive, 'the first inactive student');
    await nameBox(page).fill('no-such-student-anywhere');
    await waitUntilUserSees(view(page).getByText('No students currently'), 'the empty text');
    expect(addressOf(page)).toEqual({ name: 'no-such-student-anywhere', statusId: '0' });

    await view(page).getByRole('button', { name: 'RESET', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/students' && url.search === '');
    await showsRows(page, everyone, 'every student after RESET');
    await expect.poll(() => nameBox(page).inputValue()).toBe('');
    await waitUntilUserSees(selectOf(view(page), 'Status').getByText('All', { exact: true }), 'Status back on All');
    expect(session.admin.errors).toEqual([]);
  });
});
