import type { Browser, Page } from 'playwright-core';
import { signInJson } from './lighthouse-audit';

// The admin opens the courses list on a school of scale 100 (about 4,000 courses), in headless
// Chromium at a desktop size: how long until its first page of rows is on screen. Two ways in, each
// in a fresh tab (no query cache; scripts from the HTTP cache, as for an admin who has used the app):
// a click on Courses in the menu from the dashboard, and /courses opened from its address.

const DESKTOP = { viewport: { width: 1366, height: 768 }, locale: 'en-GB' };
const SESSION_STORAGE_KEY = 'rollbook.user';

/**
 * Records performance.now() at the page's first click and at the first animation frame showing a
 * course row on /courses. A string, not a function: tsx would wrap a function's inner functions in
 * helpers the page lacks.
 */
const RECORD_FIRST_ROW = `(() => {
  addEventListener('click', () => { window.__clickAt ??= performance.now(); }, true);
  const check = () => {
    const onCourses = location.pathname.toLowerCase() === '/courses';
    const row = onCourses && [...document.querySelectorAll('tr[data-course-id]')].find((row) => row.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    if (row) window.__firstRowAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** What the measurement reads in the page (bench is compiled without DOM types). */
interface PageGlobals {
  __firstRowAt?: number;
  __clickAt?: number;
}

async function firstRowAt(page: Page): Promise<number> {
  // Functions, not strings: the app's CSP forbids evaluating strings.
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__firstRowAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__firstRowAt ?? Number.NaN);
}

export interface CoursesFirstPage {
  /** Milliseconds from the click on Courses in the menu to the first row on screen, per run. */
  fromMenu: number[];
  /** Milliseconds from the navigation's start (/courses typed or bookmarked) to the first row, per run. */
  fromAddress: number[];
  /** Rows on the first page (the spec's page size). */
  rows: number;
}

export async function measureCoursesFirstPage(browser: Browser, baseUrl: string, runs: number): Promise<CoursesFirstPage> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    const user = await signInJson(baseUrl, 'admin');
    const key = JSON.stringify(SESSION_STORAGE_KEY);
    await context.addInitScript(`if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(user)});`);
    await context.addInitScript(RECORD_FIRST_ROW);
    // One visit first, so every measured run finds the scripts in the HTTP cache.
    const warmUp = await context.newPage();
    await warmUp.goto('/courses');
    await firstRowAt(warmUp);
    await warmUp.close();

    const fromMenu: number[] = [];
    const fromAddress: number[] = [];
    let rows = 0;
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const menuItem = page.getByRole('navigation', { name: 'Main menu' }).getByText('Courses', { exact: true });
      await menuItem.waitFor();
      await menuItem.click();
      const shownAt = await firstRowAt(page);
      const clickedAt = await page.evaluate(() => (globalThis as unknown as PageGlobals).__clickAt ?? Number.NaN);
      fromMenu.push(Math.round(shownAt - clickedAt));
      await page.close();

      const direct = await context.newPage();
      await direct.goto('/courses');
      // performance.now() counts from this navigation's time origin.
      fromAddress.push(Math.round(await firstRowAt(direct)));
      rows = await direct.locator('tr[data-course-id]').count();
      await direct.close();
    }
    return { fromMenu, fromAddress, rows };
  } finally {
    await context.close();
  }
}
