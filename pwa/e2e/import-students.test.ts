import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, openFromMenu, signIn } from './app-driver';
import { apiAs, apiSignIn, expectToast, isRefusedRequest, unique } from './people-driver';

// The admin imports students from a spreadsheet saved as CSV, reaching the screen by clicking:
// a first file has problems the preview names, the fixed file imports, the students are listed.

let browser: Browser;
let company: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const companies = await apiAs(await apiSignIn('admin'))<{ companyId: number; name: string }[]>('/api/companies/getall');
  company = (companies[0] as { name: string }).name;
});
afterAll(async () => {
  await browser?.close();
});

/** A CSV cell, quoted as Excel quotes it. */
const q = (value: string) => `"${value.replace(/"/g, '""')}"`;
const csvFile = (lines: string[]) => ({ name: 'new-students.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) });

describe('importing students from a CSV file (admin)', () => {
  it('previews the problems of each row, imports the fixed file and lists the new students', async () => {
    const family = `Imported${unique()}`;
    const headings = 'First name,Last name,Email,Company,Date of birth';
    const first = [
      headings,
      `Ava,${family},ava.${family}@example.org,${q(company)},31/01/1990`,
      `Ben,${family},ben.${family}@example.org,Globex Nowhere,31/02/1991`,
      `Cleo,${family},cleo.${family}@example.org,${q(company)},1992-03-04`,
    ];
    const { context, page, errors } = await openApp(browser);
    try {
      await signIn(page, 'admin');
      await openFromMenu(page, 'Students');
      await page.getByRole('link', { name: 'IMPORT', exact: true }).locator('visible=true').click();
      await heading(page, 'Import students').waitFor();
      expect(new URL(page.url()).pathname).toBe('/import/students');
      await page.getByText('Dates can be written 31/01/1990 or 1/1/1990 (day first)', { exact: false }).waitFor();

      await page.getByLabel('CSV file').setInputFiles(csvFile(first));
      await page.getByRole('button', { name: 'PREVIEW' }).click();
      await page.getByText('3 rows: 2 to add, 0 to change, 0 unchanged.').waitFor();
      await page.getByText('1 row has problems. Fix them in your spreadsheet, save it as CSV and preview it again. Nothing has been imported.').waitFor();
      const table = page.getByRole('region', { name: 'Preview' }).getByRole('table');
      const benRow = table.getByRole('row', { name: /^3 Ben / });
      await benRow.getByText('Date of birth: "31/02/1991" is not a date. Please write it as dd/mm/yyyy').waitFor();
      await benRow.getByText('Company: There is no company called "Globex Nowhere"').waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1); // only the rows with problems, at first
      await page.getByText('Only rows with problems').click();
      // The table shows every row once React has re-rendered after the click: wait for what the user sees.
      await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
      await expect.poll(() => page.getByRole('button', { name: 'IMPORT', exact: true }).locator('visible=true').isDisabled()).toBe(true);

      const fixed = [...first.slice(0, 2), `Ben,${family},ben.${family}@example.org,${q(company)},28/02/1991`, first[3] as string];
      await page.getByLabel('CSV file').setInputFiles(csvFile(fixed));
      await page.getByRole('button', { name: 'PREVIEW' }).click();
      await page.getByText('No problems found. Press IMPORT to import the file.').waitFor();
      await page.getByRole('button', { name: 'IMPORT', exact: true }).locator('visible=true').click();
      await page.getByText('Import finished: 3 added, 0 changed, 0 unchanged.').waitFor();
      await expectToast(page, 'Import finished', 'Well done!');

      await page.getByRole('link', { name: 'GO TO STUDENTS' }).click();
      await heading(page, 'Students').waitFor();
      await page.getByLabel('Student name').fill(family);
      await heading(page, 'Students - 3 found').waitFor();
      const list = page.locator('table.people-table:visible');
      await expect.poll(() => list.locator('tbody tr td:nth-child(1)').allTextContents()).toEqual(['Ava', 'Ben', 'Cleo']);
      await expect.poll(() => list.locator('tbody tr td:nth-child(5)').allTextContents()).toEqual([company, company, company]);
      expect(errors.filter((e) => !isRefusedRequest(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
