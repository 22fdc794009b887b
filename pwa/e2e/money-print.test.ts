import { attendanceRateText, type AttendanceRates } from '@rollbook/shared-types/attendance-warnings';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import { formatHoursMinutes, formatPounds } from '@rollbook/shared-types/money';
import type { PaymentHeaderList, PaymentReport, StudentCourseAttendance } from '@rollbook/shared-types/reports';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './app-driver';
import { api, apiSignIn } from './api-driver';

// The printable reports opened directly: no navigation, the API's figures, the print dialog opened
// by the page itself (window.print is recorded, not run, in headless Chromium).

/** Records window.print() calls (and when) instead of opening a dialog, and when the report first showed. */
async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number[]; __shownAt?: number; print: () => void };
    w.__prints = [];
    w.print = () => w.__prints.push(performance.now());
    new MutationObserver((_, observer) => {
      if (document.querySelector('.print-report')) {
        w.__shownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Stores the signed-in user the way the sign-in form does; the next page load starts signed in. */
async function signInAs(page: Page, user: SignedInUser): Promise<void> {
  await page.goto('/login');
  await page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), user);
}

const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number[] }).__prints);

let browser: Browser;
let admin: SignedInUser;
let teacher: SignedInUser;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin');
  teacher = await apiSignIn('teacher');
});

afterAll(async () => {
  await browser?.close();
});

describe('printable reports', () => {
  it('prints a course\'s attendance in blocks of five classes with each student\'s totals and rate, two seconds after it has loaded', async () => {
    const toProcess = await api<PaymentReport>(admin, `/api/reports/GetTeacherPaymentReportAuto?teacherIds=${teacher.entityId}`);
    const courseId = toProcess.teachers[0]?.courses[0]?.courseId;
    const attendance = await api<StudentCourseAttendance>(admin, `/api/reports/GetStudentCourseAttendence?courseId=${courseId}`);

    const { context, page, errors } = await openApp(browser);
    try {
      await recordPrints(page);
      await signInAs(page, admin);
      await page.goto(`/reports/printstudentattendence?id=${courseId}`);
      await page.getByTestId('total-hours').waitFor();
      expect(await page.getByTestId('total-hours').textContent()).toBe(formatHoursMinutes(attendance.totalMinutes));
      expect(await page.getByText(`${attendance.subject} ${attendance.level}`, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);

      const blocks = Math.ceil(attendance.classes.length / 5);
      const grids = page.locator('table.print-report__grid');
      expect(await grids.count()).toBe(blocks);
      const classColumns = await grids.evaluateAll((tables) => tables.map((t) => t.querySelectorAll('thead th').length - 1));
      expect(classColumns).toEqual(Array.from({ length: blocks }, (_, i) => Math.min(5, attendance.classes.length - i * 5)));

      const totals = () => page.getByRole('table', { name: 'Totals' }).locator('tbody tr').evaluateAll((rows) =>
        rows.map((r) => [...r.children].map((c) => c.textContent)),
      );
      // Each student's attendance rate last, as the shared rule writes it ('—' with nothing marked).
      // The rates come in their own answer, after the report's: the table shows '—' until then.
      const { rates } = await api<AttendanceRates>(admin, `/api/reports/GetAttendanceRates?courseId=${courseId}`);
      const rateOf = (studentId: number) => rates.find((r) => r.studentId === studentId);
      await expect.poll(totals).toEqual(
        attendance.students.map((s) => [
          `${s.firstName} ${s.lastName}`, String(s.attended), String(s.absent), String(s.pending), String(s.notEnrolled),
          attendanceRateText(rateOf(s.studentId)?.attended ?? 0, rateOf(s.studentId)?.held ?? 0),
        ]),
      );
      expect(rates.some((r) => r.held > 0)).toBe(true);

      await expect.poll(() => prints(page), { timeout: 5000 }).toHaveLength(1);
      const [printedAt] = await prints(page);
      const shownAt = await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
      expect((printedAt as number) - shownAt).toBeGreaterThanOrEqual(1990);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('prints a whole settlement report on as many paper pages as it has page chunks, with the grand total last', async () => {
    const [header] = (await api<PaymentHeaderList>(admin, '/api/reports/GetPaymentHeaders')).paymentHeaders;
    if (!header) throw new Error('the demo school has settlement reports');
    const report = await api<PaymentReport>(admin, `/api/reports/GetRaisedPaymentReport?paymentHeaderId=${header.paymentHeaderId}`);
    const { context, page, errors } = await openApp(browser);
    try {
      await recordPrints(page);
      await signInAs(page, admin);
      await page.goto(`/reports/printpaymentreport?isTeacher=false&id=${header.paymentHeaderId}`);
      await page.getByTestId('total-payment').waitFor();
      expect(await page.getByTestId('total-payment').textContent()).toBe(`Total payment: ${formatPounds(report.grandTotalPence)}`);
      const teacherTotals = await page.getByTestId('teacher-total').allTextContents();
      expect(teacherTotals).toEqual(
        report.teachers.map((t) => `Total for ${t.teacher.firstName} ${t.teacher.lastName} (${t.totalTimeHours.toFixed(2)} hours)${formatPounds(t.paymentTotalPence)}`),
      );
      const sheets = await page.locator('section.print-sheet').count();
      expect(sheets).toBeGreaterThan(1);
      // Printed for real (print media, A4): Ionic's scrolling frame must not clip the report to one page.
      const pdf = await page.pdf({ format: 'A4' });
      expect(Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1])).toBe(sheets);
      await expect.poll(() => prints(page)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('prints a teacher their own part of a settlement report with their name and the report\'s total', async () => {
    const [header] = (await api<PaymentHeaderList>(teacher, '/api/reports/GetSettlementReports')).paymentHeaders;
    if (!header) throw new Error('the demo teacher has settlement reports');
    const { context, page, errors } = await openApp(browser);
    try {
      await recordPrints(page);
      await signInAs(page, teacher);
      const query = new URLSearchParams({
        isTeacher: 'true', id: String(header.paymentHeaderId), teacherId: String(teacher.entityId), grandTotal: String(header.amountTotal),
        periodEndDate: header.periodEndDateString,
      });
      await page.goto(`/reports/printpaymentreport?${query.toString()}`);
      await page.getByTestId('total-payment').waitFor();
      expect(await page.getByTestId('total-payment').textContent()).toBe(`Total payment: ${formatPounds(header.amountTotalPence)}`);
      expect(await page.getByText(`${teacher.firstName} ${teacher.lastName}`, { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.locator('dt:text-is("Period end date") + dd').textContent()).toBe(header.periodEndDateString);
      await expect.poll(() => prints(page)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
