import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBenchDb } from '../../bench/src/api/bench-db';
import { DESKTOP, launchBrowser, openApp, openFromMenu, pagedList, recordRequests, signIn, unpagedRequests, type AppPage } from './app-driver';
import { startStack, type RunningStack } from './harness';
import { pick, view } from './scheduling-driver';

// A chain of schools (scale 100: some 4,000 courses) pages through the admin's courses list as a
// small school does: page 3, a column's sort, a filter, a reload, each showing exactly the rows the
// server gives for the address, one page per request. The server runs on the bench's seeded school
// of scale 100, seeded once per migration set and shared with `pnpm bench`.

const SCALE = 100;
const { table, pager, settled } = pagedList('.courses-table', 'Pages of courses');
const rowIds = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-course-id'))));
const found = async (page: Page) => Number((await pager(page).textContent())?.match(/(\d+) found/)?.[1]);

let stack: RunningStack;
let browser: Browser;
let admin: AppPage;
let token: string;
let listRequests: URL[];

/** The ids of the page the server answers for the list's last request, asked again through the API. */
async function serverPage(): Promise<number[]> {
  const last = listRequests.at(-1);
  if (!last) throw new Error('the page asked for no list');
  const response = await fetch(`${stack.baseUrl}${last.pathname}${last.search}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { courses: { courseId: number }[] };
  return answer.courses.map((c) => c.courseId);
}

beforeAll(async () => {
  const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  adminUrl.pathname = '/postgres';
  const school = await ensureBenchDb(adminUrl.toString(), SCALE, (line) => console.info(line));
  stack = await startStack({ env: { DATABASE_URL: school.url, SEED_DEMO: '0' } });
  const signedIn = await fetch(`${stack.baseUrl}/api/users/authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  token = ((await signedIn.json()) as { token: string }).token;
  browser = await launchBrowser();
  admin = await openApp(browser, { ...DESKTOP, baseURL: stack.baseUrl });
  listRequests = recordRequests(admin.page, '/api/courses/getall');
  await signIn(admin.page, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe(`the courses list at scale ${SCALE}`, () => {
  it('goes to page 3, sorts, filters and reloads to the same rows, each the server\'s page for the address', async () => {
    const { page } = admin;
    await openFromMenu(page, 'Courses');
    await settled(page);
    await pager(page).getByText(/^Page 1 of \d+, \d+ found$/).waitFor();
    expect(await rowIds(page)).toEqual(await serverPage());

    await pager(page).getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await pager(page).getByText(/^Page 3 of \d+, \d+ found$/).waitFor();
    await settled(page);
    await expect.poll(() => rowIds(page)).toHaveLength(50);
    expect(await rowIds(page)).toEqual(await serverPage());

    await table(page).getByRole('button', { name: 'Title', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && !url.searchParams.has('page'));
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor();
    await settled(page);
    await expect.poll(async () => (await rowIds(page)).join()).toBe((await serverPage()).join());

    await pick(view(page), 'Status', 'Archived');
    await page.waitForURL((url) => url.searchParams.get('statusId') === '4');
    await view(page).getByRole('button', { name: 'Status, Archived', exact: true }).waitFor();
    await settled(page);
    const archived = await found(page);
    expect(archived).toBeGreaterThan(100);
    await pager(page).getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3' && url.searchParams.get('statusId') === '4');
    await pager(page).getByText(`Page 3 of ${Math.ceil(archived / 50)}, ${archived} found`).waitFor();
    await settled(page);
    const pageThree = await rowIds(page);
    expect(pageThree.length).toBe(Math.min(50, archived - 100));
    expect(pageThree).toEqual(await serverPage());
    const address = page.url();

    await page.reload();
    await settled(page);
    expect(page.url()).toBe(address);
    await pager(page).getByText(`Page 3 of ${Math.ceil(archived / 50)}, ${archived} found`).waitFor();
    await expect.poll(() => rowIds(page)).toEqual(pageThree);
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor();
    await view(page).getByRole('button', { name: 'Status, Archived', exact: true }).waitFor();

    expect(unpagedRequests(listRequests)).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
