import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { toast, view } from './scheduling-driver';

/** £1,234.56, written out here rather than by the app's own formatter the test checks. */
const poundsText = (pence: number) => `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;

// The audit trail as an admin uses it: edit a course, then find who changed it, and what, on the
// Audit trail screen reached from the side menu.

let browser: Browser;
let admin: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('the audit trail screen', () => {
  it('shows the admin their own edit of a course, field by field, old and new, as dates, times and money are shown everywhere', async () => {
    const { page } = admin;
    await page.goto('/courses');
    await heading(page, 'Courses').waitFor();
    await view(page).locator('table tbody tr a').first().click();
    await page.waitForURL((url) => /^\/coursesform\/\d+$/i.test(url.pathname));
    const courseId = new URL(page.url()).pathname.split('/').pop() as string;
    await view(page).getByRole('button', { name: 'Edit course details', exact: true }).click();
    const description = `Audited description ${Date.now()}`;
    await view(page).getByLabel('Description').fill(description);
    // A price (whole pounds on this form) this run has not set before, so the edit changes it: kept in pence, shown in pounds.
    const pounds = 1_000 + (Date.now() % 9_000);
    await view(page).getByLabel('Price (£)').fill(String(pounds));
    await view(page).getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Course successfully updated');

    await openFromMenu(page, 'Audit trail');
    const filters = view(page).getByRole('form', { name: 'Audit trail filters' });
    await filters.getByLabel('Record type').selectOption('course');
    await filters.getByLabel('Record id').fill(courseId);
    await filters.getByRole('button', { name: 'SEARCH', exact: true }).click();

    const edit = view(page).locator('.audit-table tbody tr', { hasText: description }).first();
    await edit.waitFor();
    const cells = await edit.locator('td').allTextContents();
    expect(cells[3]).toBe('Web');
    expect(cells[4]).toBe(`Course ${courseId}`);
    expect(cells[5]).toBe('Changed');
    expect(cells[2]).not.toBe('System');
    expect(cells[6]).toContain(`Description: `);
    expect(cells[6]).toContain(`→ ${description}`);
    expect(cells[6]).toContain('Price: ');
    expect(cells[6]).toContain(`→ ${poundsText(pounds * 100)}`);
    expect(cells[6]).not.toMatch(/pricePence|\d{4}-\d{2}-\d{2}/);
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(admin.errors).toEqual([]);
  });
});
