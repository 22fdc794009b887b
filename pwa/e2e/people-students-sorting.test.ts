import type { StudentListResponse } from '@rollbook/shared-types/students';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, openFromMenu, pagedList } from './app-driver';
import { api } from './api-driver';
import { waitUntilPageHeadingIs, waitUntilUserSees } from './user-sees';
import { useAdminListSession } from './admin-list-session';

// The admin's students list sorts by a column header on the server and keeps the order in the
// address, so a reload (or the same link elsewhere) shows the same rows in the same order. The
// rows are compared with what the API answers for the same order.

const session = useAdminListSession('/api/students/getall');

const { table, settled } = pagedList('table.people-table', 'Pages');
/** "First Last" of each row, as the user reads them. */
const names = (page: Page) =>
  table(page).locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent).join(' ')));
const namesOf = (body: StudentListResponse) => body.students.map((s) => `${s.firstName} ${s.lastName}`);
const sortedAs = (page: Page, label: string, dir: 'ascending' | 'descending') => table(page).locator(`th[aria-sort="${dir}"]`, { hasText: label });

describe('the students list sorted by a column', () => {
  it('sorts by a clicked header on the server and shows the same order after a reload', async () => {
    const { page } = session.admin;
    const byLastName = await api<StudentListResponse>(session.adminApi, '/api/students/getall?companyId=-1&statusId=-1');
    const byFirstName = await api<StudentListResponse>(session.adminApi, '/api/students/getall?companyId=-1&statusId=-1&sort=firstName');
    expect(byLastName.students.length).toBeGreaterThan(2);
    expect(namesOf(byFirstName)).not.toEqual(namesOf(byLastName));

    await openFromMenu(page, 'Students');
    await waitUntilPageHeadingIs(page, 'Students');
    await page.waitForURL((url) => url.pathname === '/students' && url.search === '');
    await settled(page);
    await waitUntilUserSees(sortedAs(page, 'Last name', 'ascending'), 'the Last name header sorted A to Z');
    await expect.poll(() => names(page)).toEqual(namesOf(byLastName));

    // First name, A to Z: the address says so and the rows follow the server's order.
    await table(page).getByRole('button', { name: 'First name', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'firstName' && !url.searchParams.has('page'));
    await settled(page);
    await waitUntilUserSees(sortedAs(page, 'First name', 'ascending'), 'the First name header sorted A to Z');
    expect(await sortedAs(page, 'Last name', 'ascending').count()).toBe(0);
    await expect.poll(() => names(page)).toEqual(namesOf(byFirstName));
    const firstRow = byFirstName.students[0];
    await waitUntilUserSees(table(page).locator('tbody tr').first().getByRole('cell', { name: firstRow?.firstName ?? '', exact: true }), 'the first student by first name');

    // A reload shows the same rows in the same order.
    await page.reload();
    await heading(page, `Students - ${byFirstName.total} found`).waitFor();
    await settled(page);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'firstName' });
    await waitUntilUserSees(sortedAs(page, 'First name', 'ascending'), 'the First name header sorted A to Z after the reload');
    await expect.poll(() => names(page)).toEqual(namesOf(byFirstName));

    // The requests asked the server for the order: it sorts, not the session.browser.
    expect(session.listRequests.at(-1)?.searchParams.get('sort')).toBe('firstName');
    expect(session.admin.errors).toEqual([]);
  });
});
