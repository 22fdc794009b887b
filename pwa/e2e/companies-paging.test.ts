import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompanyPage } from '@rollbook/shared-types/companies';
import { heading, openFromMenu, pagedList, range, searchAsTyped, unpagedRequests } from './app-driver';
import { api, makeInBatches } from './api-driver';
import { view } from './scheduling-driver';
import { useAdminListSession } from './admin-list-session';

// The admin's companies list asks the server for one page at a time, sorts by a column
// header, searches as the user pauses typing, and keeps search, page and order in the address, so
// reload, back and a shared link show the same rows. The demo school has four companies: the file
// adds 65 with a unique name (after the demo's and other tests' companies by name), whose towns run
// against their names, so the two orders differ.

const STAMP = Date.now().toString(36);
const PREFIX = `Zulu ${STAMP}`;
const ADDED = 65;
const nameOf = (n: number) => `${PREFIX} ${String(n).padStart(3, '0')}`;
const townOf = (n: number) => `Town ${String(ADDED + 1 - n).padStart(3, '0')}`;

const session = useAdminListSession('/api/companies/getall', (adminApi) =>
  makeInBatches(ADDED, (n) =>
    api(adminApi, '/api/companies/upsert', {
      name: nameOf(n), code: `Z${STAMP}-${n}`, address: `${n} Paging Road`, town: townOf(n), postCode: 'LS1 1AA',
      primaryContact: { name: 'Pat Jones', jobTitle: 'Buyer' },
    }),
  ),
);

const { table, pager, settled } = pagedList('.companies-table', 'Pages of companies');
const names = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();
const rowIds = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-company-id')));
const searchBox = (page: Page) => view(page).getByLabel('Search', { exact: true });

describe('the companies list in pages', () => {
  it('pages, sorts and searches on the server and keeps all of it in the address', async () => {
    const { page } = session.admin;
    await openFromMenu(page, 'Companies');
    await page.waitForURL((url) => url.pathname === '/companies' && url.search === '');
    await settled(page);
    const everyCompany = await api<CompanyPage>(session.adminApi, '/api/companies/GetAll?page=1&pageSize=50');
    expect(everyCompany.total).toBeGreaterThanOrEqual(ADDED);
    await pager(page).getByText(`Page 1 of ${Math.ceil(everyCompany.total / 50)}, ${everyCompany.total} found`).waitFor();
    await expect.poll(() => names(page)).toEqual(everyCompany.companies.map((c) => c.name));

    // The search waits for a pause in the typing: no request for half a word.
    await searchAsTyped(page, searchBox(page), PREFIX, 'q', session.listRequests, async () => {
      await pager(page).getByText(`Page 1 of 2, ${ADDED} found`).waitFor();
      await settled(page);
    });
    await expect.poll(() => names(page)).toEqual(range(1, 50).map(nameOf));

    // Page 2: the last fifteen by name.
    await pager(page).getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(51, 65).map(nameOf));

    // Sorting by Town starts again from the first page, A to Z: the towns run against the names.
    await table(page).getByRole('button', { name: 'Town', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'town' && !url.searchParams.has('page'));
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Town' }).waitFor();
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(65, 16).map(nameOf));

    await pager(page).getByRole('button', { name: 'NEXT', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(15, 1).map(nameOf));
    const pageTwo = await rowIds(page);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: PREFIX, page: '2', sort: 'town' });

    // A reload (or the same link on another screen) shows the same rows, search and order.
    await page.reload();
    await heading(page, 'Companies').waitFor();
    await settled(page);
    await expect.poll(() => rowIds(page)).toEqual(pageTwo);
    await pager(page).getByText(`Page 2 of 2, ${ADDED} found`).waitFor();
    await expect.poll(() => searchBox(page).inputValue()).toBe(PREFIX);
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Town' }).waitFor();

    // Back: page 1 by town, then page 2 by name, then the search's first page.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'town' && !url.searchParams.has('page'));
    await expect.poll(() => names(page)).toEqual(range(65, 16).map(nameOf));
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort') && url.searchParams.get('page') === '2');
    await expect.poll(() => names(page)).toEqual(range(51, 65).map(nameOf));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === PREFIX && !url.searchParams.has('page'));
    await expect.poll(() => names(page)).toEqual(range(1, 50).map(nameOf));

    // Every request asked for one page; none asked for the whole list.
    expect(session.listRequests.length).toBeGreaterThan(0);
    expect(unpagedRequests(session.listRequests)).toEqual([]);

    // A row still opens its company.
    await table(page).getByRole('link', { name: nameOf(7), exact: true }).click();
    await page.waitForURL((url) => /^\/companiesForm\/\d+$/.test(url.pathname));
    await view(page).getByLabel('Company name', { exact: true }).waitFor();
    expect(session.admin.errors).toEqual([]);
  });

  it('says so when a search finds nothing, and turns a column round on a second click', async () => {
    const { page } = session.admin;
    await page.goto(`/companies?q=${encodeURIComponent(`${PREFIX} none`)}`);
    await heading(page, 'Companies').waitFor();
    await view(page).getByText('No companies found', { exact: true }).waitFor();

    await page.goto(`/companies?q=${encodeURIComponent(PREFIX)}&pageSize=20&sort=name&dir=desc`);
    await settled(page);
    await expect.poll(() => names(page)).toEqual(range(65, 46).map(nameOf));
    await pager(page).getByText(`Page 1 of 4, ${ADDED} found`).waitFor();
    await table(page).getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('sort') && !url.searchParams.has('dir'));
    await expect.poll(() => names(page)).toEqual(range(1, 20).map(nameOf));
    await pager(page).getByRole('button', { name: 'Last page', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '4');
    await expect.poll(() => names(page)).toEqual(range(61, 65).map(nameOf));
    expect(session.admin.errors).toEqual([]);
  });
});
