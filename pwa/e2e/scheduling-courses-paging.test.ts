import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, openFromMenu, pagedList, range, searchAsTyped, unpagedRequests } from './app-driver';
import type { CourseListResponse } from '@rollbook/shared-types/courses';
import { api, makeInBatches } from './api-driver';
import { pick, view } from './scheduling-driver';
import { useAdminListSession } from './admin-list-session';

// The admin's courses list asks the server for one page at a time, sorts by a column
// header and keeps page, order and filters in the address, so reload, back and a shared link show
// the same rows. The demo school has too few courses for three pages: the file adds 105 Archived
// ones with a unique title (Archived and classless, they are in no dashboard count).

const STAMP = Date.now().toString(36);
const PREFIX = `Paging ${STAMP}`;
const ADDED = 105;
const titleOf = (n: number) => `${PREFIX} ${String(n).padStart(3, '0')}`;

const session = useAdminListSession('/api/courses/getall', (adminApi) =>
  makeInBatches(ADDED, (n) =>
    api(adminApi, '/api/courses/upsert', {
      title: titleOf(n), description: 'Added by the paging test', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
      // Start dates run against the title order, so the two orders differ.
      startDateString: `${(n % 28) + 1}/${(n % 12) + 1}/2021`, endDateString: '31/12/2022',
      duration: 10, classLengthTemplate: 60, price: 100, courseStatusId: 4,
    }),
  ),
);

const { table, pager, settled } = pagedList('.courses-table', 'Pages of courses');
const titles = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();
const rowIds = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-course-id')));
const search = (page: Page) => new URL(page.url()).searchParams;

describe('the courses list in pages', () => {
  it('pages, sorts and filters on the server and keeps all of it in the address', async () => {
    const { page } = session.admin;
    await openFromMenu(page, 'Courses');
    await page.waitForURL((url) => url.pathname === '/courses' && url.search === '');
    await settled(page);

    await pick(view(page), 'Status', 'Archived');
    await page.waitForURL((url) => url.searchParams.get('statusId') === '4');
    await view(page).getByRole('button', { name: 'Status, Archived', exact: true }).waitFor();
    await settled(page);
    await pager(page).getByText(/^Page 1 of \d+, \d+ found$/).waitFor();
    const archived = Number((await pager(page).textContent())?.match(/(\d+) found/)?.[1]);
    expect(archived).toBeGreaterThanOrEqual(ADDED);

    // Page 3, newest start first (the list's own order).
    await pager(page).getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await pager(page).getByText(`Page 3 of ${Math.ceil(archived / 50)}, ${archived} found`).waitFor();
    await settled(page);
    await expect.poll(async () => (await rowIds(page)).length).toBe(Math.min(50, archived - 100));

    // Sorting by Title starts again from the first page, A to Z.
    await table(page).getByRole('button', { name: 'Title', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && !url.searchParams.has('page'));
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor();
    await settled(page);
    // The server's order (its collation, then the course id), as the API gives it to anyone.
    const byTitle = await api<CourseListResponse>(session.adminApi, '/api/courses/getall?statusId=4&sort=title&page=1&pageSize=50');
    const sortedTitles = byTitle.courses.map((c) => c.title);
    await expect.poll(() => titles(page)).toEqual(sortedTitles);

    // The search waits for a pause in the typing: no request for half a word.
    await searchAsTyped(page, view(page).getByLabel('Title', { exact: true }), PREFIX, 'title', session.listRequests, async () => {
      await pager(page).getByText(`Page 1 of 3, ${ADDED} found`).waitFor();
      await settled(page);
    });
    await expect.poll(() => titles(page)).toEqual(range(1, 50).map(titleOf));

    await pager(page).getByRole('button', { name: 'NEXT', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    await expect.poll(() => titles(page)).toEqual(range(51, 100).map(titleOf));
    const pageTwo = await rowIds(page);
    expect(Object.fromEntries(search(page))).toEqual({ statusId: '4', title: PREFIX, page: '2', sort: 'title' });

    // A reload (or the same link on another screen) shows the same rows, filters and order.
    await page.reload();
    await heading(page, 'Courses').waitFor();
    await settled(page);
    await expect.poll(() => rowIds(page)).toEqual(pageTwo);
    await pager(page).getByText(`Page 2 of 3, ${ADDED} found`).waitFor();
    await expect.poll(() => view(page).getByLabel('Title', { exact: true }).inputValue()).toBe(PREFIX);
    await view(page).getByRole('button', { name: 'Status, Archived', exact: true }).waitFor();
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor();

    // Back: page 1 of the search, then the list before it (all Archived courses, by title).
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('title') === PREFIX && !url.searchParams.has('page'));
    await expect.poll(() => titles(page)).toEqual(range(1, 50).map(titleOf));
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('title') && url.searchParams.get('sort') === 'title');
    await expect.poll(() => titles(page)).toEqual(sortedTitles);
    await pager(page).getByText(`Page 1 of ${Math.ceil(archived / 50)}, ${archived} found`).waitFor();
    await expect.poll(() => view(page).getByLabel('Title', { exact: true }).inputValue()).toBe('');

    // Every request asked for one page; none asked for the whole list.
    expect(session.listRequests.length).toBeGreaterThan(0);
    expect(unpagedRequests(session.listRequests)).toEqual([]);
    expect(session.admin.errors).toEqual([]);
  });

  it('turns a column round on a second click and keeps the page size asked for', async () => {
    const { page } = session.admin;
    await page.goto(`/courses?statusId=4&title=${encodeURIComponent(PREFIX)}&pageSize=20&sort=title&dir=desc`);
    await heading(page, 'Courses').waitFor();
    await settled(page);
    await expect.poll(() => titles(page)).toEqual(range(ADDED, ADDED - 19).map(titleOf));
    await pager(page).getByText(`Page 1 of 6, ${ADDED} found`).waitFor();

    await table(page).getByRole('button', { name: 'Title', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && !url.searchParams.has('dir'));
    await expect.poll(() => titles(page)).toEqual(range(1, 20).map(titleOf));

    await pager(page).getByRole('button', { name: 'Last page', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '6');
    await expect.poll(() => titles(page)).toEqual(range(101, 105).map(titleOf));
    expect(session.listRequests.every((url) => url.searchParams.has('page') && url.searchParams.has('pageSize'))).toBe(true);
    expect(session.admin.errors).toEqual([]);
  });
});
