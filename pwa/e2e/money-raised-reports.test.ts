import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { view } from './scheduling-driver';

// On the admin's settlement page the raised-reports dialog once said 'No settlement reports
// currently' while the Settlement reports tab listed nine, and did not say which period it showed.
// It states its period and lists the tab's reports of that period (demo school).

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

interface ReportRow {
  title: string;
  periodEnd: string;
}

async function reportRows(table: Locator): Promise<ReportRow[]> {
  await table.locator('tbody tr').first().waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({ title: row.querySelector('th')?.textContent?.trim() ?? '', periodEnd: row.querySelector('td')?.textContent?.trim() ?? '' })),
  );
}

const raisedDialog = (page: Page) => page.locator('ion-modal').filter({ has: page.getByRole('heading', { name: 'Raised reports' }) });

/** 'Period end dates 01/09/2026 to 30/09/2026' for a dd/MM/yyyy date. */
function periodOf(dmy: string): string {
  const [, month, year] = dmy.split('/').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return `Period end dates 01/${mm}/${year} to ${last}/${mm}/${year}`;
}

async function openRaisedReports(page: Page, periodEnd: string): Promise<Locator> {
  const field = view(page).getByLabel('Period end date', { exact: true });
  await field.fill(periodEnd);
  await view(page).getByRole('button', { name: 'RAISED REPORTS' }).click();
  const dialog = raisedDialog(page);
  await dialog.getByText(periodOf(periodEnd), { exact: true }).first().waitFor();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'CLOSE' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the raised-reports dialog of the settlement page', () => {
  it("states its period and lists the Settlement reports tab's reports of that period", async () => {
    const { page } = admin;
    await openFromMenu(page, 'Payments');
    const history = await reportRows(view(page).locator('table.settlements-table'));
    expect(history.length).toBeGreaterThan(1);

    await view(page).locator('ion-segment-button', { hasText: 'Classes to process' }).click();
    await view(page).getByRole('heading', { name: 'Classes to process' }).waitFor();

    // The month of a report the tab lists: the dialog lists exactly that month's reports.
    const newest = history[0] as ReportRow;
    const month = newest.periodEnd.slice(3);
    let dialog = await openRaisedReports(page, newest.periodEnd);
    await expect.poll(() => reportRows(dialog.locator('table.settlements-table'))).toEqual(history.filter((row) => row.periodEnd.endsWith(month)));
    const listed = await reportRows(dialog.locator('table.settlements-table'));
    expect(listed.map((row) => row.title)).toContain(newest.title);
    await closeDialog(page, dialog);

    // A month with no report yet says which month it looked at, then that it has none.
    const nextMonth = history.map((row) => row.periodEnd).sort((a, b) => b.split('/').reverse().join().localeCompare(a.split('/').reverse().join()))[0] as string;
    const [, mm, yyyy] = nextMonth.split('/').map(Number) as [number, number, number];
    const later = `15/${String(mm === 12 ? 1 : mm + 1).padStart(2, '0')}/${mm === 12 ? yyyy + 1 : yyyy}`;
    expect(history.some((row) => row.periodEnd.endsWith(later.slice(3)))).toBe(false);
    dialog = await openRaisedReports(page, later);
    await dialog.getByText('No settlement reports currently', { exact: true }).waitFor();
    await closeDialog(page, dialog);
    expect(admin.errors).toEqual([]);
  });
});
