import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PaymentHeaderList, PaymentYears } from '@rollbook/shared-types/reports';
import { heading, pagedList, unpagedRequests } from './app-driver';
import { api } from './api-driver';
import { view } from './scheduling-driver';
import { useAdminListSession } from './admin-list-session';

// The settlement history (Payments, Settlement reports) asks the server for one page of
// the year's reports in the order of the clicked column, searches as typing pauses, and keeps year,
// search, page and order in the address, so a reload shows the same rows (demo school's reports).

const session = useAdminListSession('/api/reports/getpaymentheadersbyyear');

const { table, pager, settled } = pagedList('.settlements-table', 'Pages of settlement reports');
const titles = (page: Page) => table(page).locator('tbody tr th').allTextContents();

describe('the settlement history in pages', () => {
  it('sorts by a column and searches on the server, and a reload shows the same rows', async () => {
    const { page } = session.admin;
    const { years } = await api<PaymentYears>(session.adminApi, '/api/reports/GetPaymentYears');
    const year = years[0] as number;
    await page.goto('/Reports');
    await heading(page, 'Payments').waitFor();
    await settled(page);
    const newestFirst = await api<PaymentHeaderList>(session.adminApi, `/api/reports/GetPaymentHeadersByYear?year=${year}&page=1&pageSize=50`);
    expect(newestFirst.total).toBeGreaterThan(1);
    await expect.poll(() => titles(page)).toEqual(newestFirst.paymentHeaders.map((h) => h.title));
    await pager(page).getByText(`Page 1 of 1, ${newestFirst.total} found`).waitFor();

    // Amount, smallest first; again, largest first.
    await table(page).getByRole('button', { name: 'Amount', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'amount');
    await settled(page);
    const byAmount = await api<PaymentHeaderList>(session.adminApi, `/api/reports/GetPaymentHeadersByYear?year=${year}&sort=amount&page=1&pageSize=50`);
    await expect.poll(() => titles(page)).toEqual(byAmount.paymentHeaders.map((h) => h.title));
    await table(page).getByRole('button', { name: 'Amount', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
    await table(page).locator('th[aria-sort="descending"]', { hasText: 'Amount' }).waitFor();
    await expect.poll(() => titles(page)).toEqual([...byAmount.paymentHeaders].reverse().map((h) => h.title));

    // The search: one report's month.
    const month = newestFirst.paymentHeaders[0]?.monthYear.split(' ')[0] as string;
    await view(page).getByLabel('Search', { exact: true }).pressSequentially(month.toLowerCase(), { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === month.toLowerCase());
    await settled(page);
    const found = newestFirst.paymentHeaders.filter((h) => h.title.toLowerCase().includes(month.toLowerCase()));
    await expect.poll(async () => (await titles(page)).sort()).toEqual(found.map((h) => h.title).sort());
    const shown = await titles(page);

    await page.reload();
    await heading(page, 'Payments').waitFor();
    await settled(page);
    await expect.poll(() => titles(page)).toEqual(shown);
    await expect.poll(() => view(page).getByLabel('Search', { exact: true }).inputValue()).toBe(month.toLowerCase());
    await table(page).locator('th[aria-sort="descending"]', { hasText: 'Amount' }).waitFor();

    expect(unpagedRequests(session.listRequests)).toEqual([]);
    expect(session.admin.errors).toEqual([]);
  });
});
