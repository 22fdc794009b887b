import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, openFromMenu, pagedList, unpagedRequests } from './app-driver';
import { pick, view } from './scheduling-driver';
import { useAdminListSession } from './admin-list-session';

// The admin's classes list asks the server for one page at a time, sorts by a column
// header and keeps page, order, period and filters in the address (as the courses list).

const session = useAdminListSession('/api/classes/getbyfilter');

const { table, pager, settled } = pagedList('.classes-table', 'Pages of classes');
const rowIds = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-class-id')));

describe('the classes list in pages', () => {
  it('pages and sorts on the server, and a reload or back shows the same list', async () => {
    const { page } = session.admin;
    await openFromMenu(page, 'Classes');
    await view(page).getByRole('button', { name: 'Period, This Week', exact: true }).waitFor();

    await pick(view(page), 'Period', 'All');
    await page.waitForURL((url) => url.searchParams.get('period') === 'all');
    await pick(pager(page), 'Rows per page', '20');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '20');
    await pager(page).getByText(/^Page 1 of \d+, \d+ found$/).waitFor();
    await settled(page);

    await table(page).getByRole('button', { name: 'Teacher', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'teacher');
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Teacher' }).waitFor();
    await settled(page);
    const pageOne = await rowIds(page);

    await pager(page).getByRole('button', { name: 'NEXT', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pager(page).getByText(/^Page 2 of \d+, \d+ found$/).waitFor();
    await settled(page);
    await expect.poll(async () => (await rowIds(page)).some((id) => pageOne.includes(id))).toBe(false);
    const pageTwo = await rowIds(page);

    await page.reload();
    await heading(page, 'Classes').waitFor();
    await settled(page);
    await expect.poll(() => rowIds(page)).toEqual(pageTwo);
    await view(page).getByRole('button', { name: 'Period, All', exact: true }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'teacher' && !url.searchParams.has('page'));
    await expect.poll(() => rowIds(page)).toEqual(pageOne);

    expect(session.listRequests.length).toBeGreaterThan(0);
    expect(unpagedRequests(session.listRequests)).toEqual([]);
    expect(session.admin.errors).toEqual([]);
  });
});
