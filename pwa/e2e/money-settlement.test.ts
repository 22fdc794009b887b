import type { ClassRegister } from '@rollbook/shared-types/attendance';
import { formatPounds } from '@rollbook/shared-types/money';
import type { PaymentHeaderList, PaymentReport } from '@rollbook/shared-types/reports';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, heading, launchBrowser, openApp, signIn } from './app-driver';

// Raising, printing and deleting a settlement report as the admin, checked against the API's own
// figures, and the effect on marking: a paid class refuses marks until its report is deleted.

interface SignedIn {
  token: string;
  entityId: number | null;
}

async function authenticate(username: string): Promise<SignedIn> {
  const response = await fetch(`${baseUrl()}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SignedIn;
}

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

/** Sends the mark a student already has (changes nothing when allowed) and returns the answer's status and code. */
async function remark(token: string, classId: number): Promise<{ status: number; code?: string }> {
  const register = await api<ClassRegister>(token, `/api/students/GetStudentsByClassId?id=${classId}`);
  expect(register.status).toBe(200);
  const line = register.body.students.find((s) => s.statusId === 2 || s.statusId === 5);
  expect(line, `class ${classId} has a marked student`).toBeDefined();
  const answer = await api<{ code?: string }>(token, '/api/classes/UpdateClassAttendenceMultiple', {
    method: 'POST',
    body: JSON.stringify([{ classId, studentId: line?.studentId, statusId: line?.statusId }]),
  });
  return { status: answer.status, code: answer.body.code };
}

/** One CSV record (RFC 4180: quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

async function printCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __printCalls?: number }).__printCalls ?? 0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('settling a teacher\'s pay', () => {
  it('raises a report for teacher, prints the API\'s totals, refuses marking its classes, and after deletion lets them be marked again', async () => {
    const admin = await authenticate('admin');
    const teacher = await authenticate('teacher');
    const teacherId = teacher.entityId as number;
    const periodEndDate = londonToday();
    const before = await api<PaymentReport>(admin.token, `/api/reports/GetTeacherPaymentReportAuto?teacherIds=${teacherId}&periodEndDate=${periodEndDate}`);
    const expected = before.body.teachers[0];
    expect(expected, 'the demo teacher has marked, unpaid classes').toBeDefined();
    if (!expected) return;
    const teacherName = `${expected.teacher.firstName} ${expected.teacher.lastName}`;
    const classIds = expected.paymentItems.map((item) => item.classId);
    // Classes of last month and of this month are waiting.
    expect(new Set(expected.paymentItems.map((item) => item.classDate.slice(0, 7))).size).toBeGreaterThanOrEqual(2);

    const { context, page, errors } = await openApp(browser);
    await context.addInitScript(() => {
      window.print = () => {
        const w = window as unknown as { __printCalls?: number };
        w.__printCalls = (w.__printCalls ?? 0) + 1;
      };
    });
    try {
      await signIn(page, 'admin');
      await page.getByRole('navigation', { name: 'Main menu' }).getByText('Payments').click();
      await heading(page, 'Payments').waitFor();

      // Classes to process: tick the teacher; the screen totals what the API will pay.
      await page.locator('ion-segment-button').filter({ hasText: 'Classes to process' }).click();
      await page.locator('ion-checkbox').filter({ hasText: teacherName }).click();
      await page.locator('table[data-teacher-id="' + teacherId + '"]').waitFor();
      expect(await page.getByTestId('selected-total').textContent()).toBe(formatPounds(expected.paymentTotalPence));
      expect(await page.locator(`table[data-teacher-id="${teacherId}"] [data-testid="teacher-total"]`).textContent()).toContain(
        `${expected.paymentItems.length} classes, ${expected.totalTimeHours.toFixed(2)} hours`,
      );

      await page.getByRole('button', { name: 'RAISE SETTLEMENT REPORT' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Raise settlement report' });
      await confirm.getByText(`Raise a settlement report of ${formatPounds(expected.paymentTotalPence)} for ${classIds.length} classes of 1 teacher`).waitFor();
      await confirm.getByRole('button', { name: 'RAISE' }).click();
      await page.getByText(`raised: ${classIds.length} classes, ${formatPounds(expected.paymentTotalPence)}`).waitFor();
      // The list refreshes: the teacher has nothing left to process.
      await page.locator('ion-checkbox').filter({ hasText: teacherName }).waitFor({ state: 'detached' });

      const reports = await api<PaymentHeaderList>(admin.token, `/api/reports/GetSettlementReports?teacherId=${teacherId}`);
      const raised = reports.body.paymentHeaders[0];
      if (!raised) throw new Error('no report raised');
      const report = (await api<PaymentReport>(admin.token, `/api/reports/GetRaisedPaymentReport?paymentHeaderId=${raised.paymentHeaderId}`)).body;
      expect(report.grandTotalPence).toBe(expected.paymentTotalPence);
      expect(report.teachers[0]?.paymentItems.map((item) => item.classId).sort()).toEqual([...classIds].sort());

      // Paid classes refuse marking, for the teacher and for the admin.
      expect(await remark(teacher.token, classIds[0] as number)).toEqual({ status: 400, code: 'CLASS_PAID' });
      expect(await remark(admin.token, classIds.at(-1) as number)).toEqual({ status: 400, code: 'CLASS_PAID' });

      // Settlement reports: the new report's PDF opens the print page in a new window, which prints the API's figures.
      await page.locator('ion-segment-button').filter({ hasText: 'Settlement reports' }).click();
      const row = page.locator(`tr[data-payment-header-id="${raised.paymentHeaderId}"]`);
      await row.waitFor();
      expect(await row.locator('td').nth(4).textContent()).toBe(formatPounds(report.grandTotalPence));
      const [printWindow] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: `PDF of ${raised.title}` }).click()]);
      const printErrors: string[] = [];
      printWindow.on('console', (message) => {
        if (message.type() === 'error') printErrors.push(message.text());
      });
      await printWindow.getByTestId('total-payment').waitFor();
      expect(new URL(printWindow.url()).pathname).toBe('/reports/printpaymentreport');
      expect(await printWindow.getByTestId('total-payment').textContent()).toBe(`Total payment: ${formatPounds(report.grandTotalPence)}`);
      const courseTotals = await printWindow.getByTestId('course-total').allTextContents();
      expect(courseTotals).toEqual(report.teachers[0]?.courses.map((c) => `Course total: ${c.title}${formatPounds(c.coursePaymentPence)}`));
      expect(await printWindow.getByText(report.periodEndDateString, { exact: true }).count()).toBeGreaterThan(0);
      expect(await printWindow.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
      // Printed pages: 30 rows on the first, up to 38 after, every class once.
      const rowsPerPage = await printWindow.locator('section.print-sheet').evaluateAll((sheets) => sheets.map((s) => s.querySelectorAll('tbody tr').length));
      expect(rowsPerPage[0]).toBeLessThanOrEqual(30);
      expect(rowsPerPage[0]).toBeGreaterThanOrEqual(29);
      expect(rowsPerPage.slice(1).every((n) => n <= 38)).toBe(true);
      expect(await printWindow.locator('section.print-sheet tbody tr td:nth-child(6)').count()).toBeGreaterThanOrEqual(classIds.length);
      await expect.poll(() => printCalls(printWindow)).toBe(1);
      await printWindow.close();
      expect(printErrors).toEqual([]);

      // The CSV for payroll: a row per class whose amounts add up to the report's total.
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `CSV of ${raised.title}` }).click()]);
      expect(download.suggestedFilename()).toBe(`settlement-report-${raised.paymentHeaderId}-${report.periodEndDate}.csv`);
      const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(csv).toHaveLength(classIds.length + 1);
      const classTotalColumn = csvCells(csv[0] ?? '').indexOf('Class total');
      const csvPence = csv.slice(1).reduce((sum, line) => sum + Math.round(Number(csvCells(line)[classTotalColumn]) * 100), 0);
      expect(csvPence).toBe(report.grandTotalPence);

      // Delete, after the spec's confirmation: the classes return to Marked and accept marks again.
      await row.getByRole('button', { name: `Delete ${raised.title}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete confirmation' });
      await dialog.getByText('Are you sure wish to remove this payment?').waitFor();
      await dialog.getByRole('button', { name: 'DELETE' }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByText(`${raised.title} successfully deleted`).waitFor();

      expect(await remark(teacher.token, classIds[0] as number)).toEqual({ status: 200, code: undefined });
      expect(await remark(admin.token, classIds.at(-1) as number)).toEqual({ status: 200, code: undefined });
      const after = await api<PaymentReport>(admin.token, `/api/reports/GetTeacherPaymentReportAuto?teacherIds=${teacherId}&periodEndDate=${periodEndDate}`);
      expect(after.body.teachers[0]?.paymentTotalPence).toBe(expected.paymentTotalPence);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
