import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, openFromMenu, pagedList, range, unpagedRequests } from './app-driver';
import { api, makeInBatches } from './api-driver';
import { view } from './scheduling-driver';
import { useAdminListSession } from './admin-list-session';

// The rooms list, one page at a time from the server, searched, sorted and kept in the
// address. The file adds 55 rooms with a unique name whose capacities run against their names.

const STAMP = Date.now().toString(36);
const PREFIX = `Zulu room ${STAMP}`;
const ADDED = 55;
const nameOf = (n: number) => `${PREFIX} ${String(n).padStart(3, '0')}`;

const session = useAdminListSession('/api/rooms/getall', (adminApi) =>
  makeInBatches(ADDED, (n) =>
    api(adminApi, '/api/rooms/upsert', { name: nameOf(n), companyId: 1, capacity: 100 + n, description: 'Added by the paging test' }),
  ),
);

const { table, pager, settled } = pagedList('.rooms-table', 'Pages of rooms');
const names = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();

describe('the rooms list in pages', () => {
  it('searches, pages and sorts on the server and shows the same rows after a reload', async () => {
    const { page } = session.admin;
    await openFromMenu(page, 'Rooms');
    await settled(page);

    await view(page).getByLabel('Search', { exact: true }).pressSequentially(PREFIX, { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('q') === PREFIX);
    await pager(page).getByText(`Page 1 of 2, ${ADDED} found`).waitFor();
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(1, 50).map(nameOf));

    // Capacity sorts the largest rooms first, from page 1.
    await pager(page).getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => names(page)).toEqual(range(51, 55).map(nameOf));
    await table(page).getByRole('button', { name: 'Capacity', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'capacity' && !url.searchParams.has('page'));
    await table(page).locator('th[aria-sort="descending"]', { hasText: 'Capacity' }).waitFor();
    await expect.poll(() => names(page)).toEqual(range(55, 6).map(nameOf));
    await pager(page).getByRole('button', { name: 'NEXT', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => names(page)).toEqual(range(5, 1).map(nameOf));

    await page.reload();
    await heading(page, 'Rooms').waitFor();
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(5, 1).map(nameOf));
    await expect.poll(() => view(page).getByLabel('Search', { exact: true }).inputValue()).toBe(PREFIX);
    await table(page).locator('th[aria-sort="descending"]', { hasText: 'Capacity' }).waitFor();

    expect(unpagedRequests(session.listRequests)).toEqual([]);
    expect(session.admin.errors).toEqual([]);
  });
});
