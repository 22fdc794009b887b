import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, menuItem, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { view } from './scheduling-driver';

// On a 1366 x 768 laptop the admin's courses table once needed a sideways scroll. It fits,
// with every column of the list, including the time discrepancy of its tile's list.

let browser: Browser;
let admin: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser, { viewport: { width: 1366, height: 768 } });
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** The table's own width against the width its container shows. */
async function tableWidths(page: Page): Promise<{ table: number; shown: number; columns: number }> {
  const wrap = view(page).locator('.sched-table-wrap').filter({ has: page.locator('.courses-table') });
  await wrap.locator('tbody tr').first().waitFor();
  return wrap.evaluate((element) => {
    const table = element.querySelector('table') as HTMLTableElement;
    return { table: table.scrollWidth, shown: element.clientWidth, columns: table.querySelectorAll('thead th').length };
  });
}

/** How far the table runs past what its container shows (0 or less: it fits). */
const overflow = (widths: { table: number; shown: number }) => widths.table - widths.shown;

describe('the courses table on a 1366 px wide screen', () => {
  it('fits its container from the menu, with all its columns', async () => {
    const { page } = admin;
    await openFromMenu(page, 'Courses');
    await expect.poll(async () => (await tableWidths(page)).columns).toBe(11);
    await expect.poll(async () => overflow(await tableWidths(page))).toBeLessThanOrEqual(0);
  });

  it("fits its container with the time discrepancy column, opened from the dashboard's tile", async () => {
    const { page } = admin;
    await menuItem(page, 'Dashboard').click();
    await page.locator('[data-tile="classCountErrorTotal"]').filter({ visible: true }).click();
    await heading(page, 'Courses with time discrepancies').waitFor();
    await expect.poll(async () => (await tableWidths(page)).columns).toBe(12);
    await expect.poll(async () => overflow(await tableWidths(page))).toBeLessThanOrEqual(0);
    expect(admin.errors).toEqual([]);
  });
});
