import { ATTENDANCE_WARNINGS_PATH, type AttendanceWarningCount } from '@rollbook/shared-types/attendance-warnings';
import { COUNT_TILE_LINKS, type ClassMonthlyCount, type CountStats, type TeachersUnmarkedClassCount } from '@rollbook/shared-types/dashboard';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import type { PaymentHeaderList, PaymentReport } from '@rollbook/shared-types/reports';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, signIn } from './app-driver';
import { api, apiSignIn } from './api-driver';
import { openSignedIn } from './people-driver';

// The admin dashboard's figures against the API's, and live settlement notices between two admin tabs.

let browser: Browser;
let admin: SignedInUser;
let teacher2: SignedInUser;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin');
  teacher2 = await apiSignIn('teacher2');
});

afterAll(async () => {
  await browser?.close();
});

describe('admin dashboard', () => {
  it('shows the API\'s counts on the five tiles, each linking where the spec says, the attendance warnings tile, and the teachers with unmarked classes', async () => {
    const stats = await api<CountStats>(admin, '/api/reports/GetCountStats');
    const warnings = await api<AttendanceWarningCount>(admin, '/api/reports/GetAttendanceWarningCount');
    const unmarked = await api<TeachersUnmarkedClassCount>(admin, '/api/reports/GetTeachersUnmarkedClassCount');
    const { context, page, errors } = await openApp(browser);
    try {
      // Signed in through the form: the Dashboard is the admin's home.
      await signIn(page, 'admin');
      await heading(page, 'Dashboard').waitFor();
      const tiles = page.getByRole('list', { name: 'Counts' }).getByRole('link');
      // The attendance warnings tile comes with its own answer: last, named by the threshold.
      await tiles.and(page.locator('[data-tile="attendanceWarnings"]')).waitFor();
      expect(await tiles.last().textContent()).toBe(`${warnings.total}Students below ${warnings.threshold}% attendance`);
      const shown = await tiles.evaluateAll((links) => links.map((a) => [a.getAttribute('data-tile'), a.querySelector('.count-tile__count')?.textContent, a.getAttribute('href')]));
      expect(shown).toEqual(
        (['expiredTotal', 'lessThanThreeClassesRemaining', 'unmarkedClassTotal', 'classCountErrorTotal', 'draftCourseTotal'] as const).map((key) => [
          key, String(stats[key]), COUNT_TILE_LINKS[key],
        ]).concat([['attendanceWarnings', String(warnings.total), ATTENDANCE_WARNINGS_PATH]]),
      );
      expect(shown.map(([, , href]) => href)).toEqual([
        '/courses?expiredClasses=true&statusId=2',
        '/courses?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True',
        '/classes?statusId=2',
        '/courses?showClassCountErrors=True',
        '/courses?statusId=1',
        '/attendance-warnings',
      ]);

      const teacherRows = page.getByRole('region', { name: 'Teachers with unmarked classes' }).locator('tbody tr');
      await teacherRows.first().waitFor();
      expect(await teacherRows.count()).toBe(unmarked.teachers.length);
      const first = unmarked.teachers[0];
      if (first) {
        const name = `${first.firstName} ${first.lastName}`;
        expect(await page.getByRole('link', { name }).first().getAttribute('href')).toBe(`/teachersForm/${first.teacherId}`);
        expect(await page.getByRole('link', { name: `${first.count} unmarked classes of ${name}` }).getAttribute('href')).toBe(
          `/classes?teacherId=${first.teacherId}&statusId=2`,
        );
      }

      // The monthly charts show June to December (after the spec's first five entries), with their figures in words.
      const monthly = await api<ClassMonthlyCount>(admin, '/api/reports/GetClassMonthlyCount');
      const table = page.getByRole('table', { name: 'Classes per month' });
      const tableRows = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
      expect(tableRows).toEqual(monthly.months.slice(5).map((m) => [m.monthShortName, String(m.classCount1), String(m.classCount2)]));
      expect(await page.locator('canvas[role="img"]').count()).toBe(3);

      await page.locator('[data-tile="unmarkedClassTotal"]').click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/classes' && url.search === '?statusId=2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('live settlement notices', () => {
  it('tells another admin tab within seconds when a report is raised or deleted, and its list refreshes', async () => {
    const teacherId = teacher2.entityId as number;
    const toProcess = await api<PaymentReport>(admin, `/api/reports/GetTeacherPaymentReportAuto?teacherIds=${teacherId}`);
    const payment = toProcess.teachers[0];
    if (!payment) throw new Error('teacher2 has no classes to process in the demo school');
    const teacherName = `${payment.teacher.firstName} ${payment.teacher.lastName}`;

    const watcher = await openSignedIn(browser, admin, '/Reports');
    const raiser = await openSignedIn(browser, admin, '/Reports');
    try {
      await watcher.page.getByRole('heading', { name: 'Settlement history' }).waitFor();
      await watcher.page.locator('tr[data-payment-header-id]').first().waitFor();
      const rowsBefore = await watcher.page.locator('tr[data-payment-header-id]').count();

      await raiser.page.locator('ion-segment-button').filter({ hasText: 'Classes to process' }).click();
      await raiser.page.locator('ion-checkbox').filter({ hasText: teacherName }).click();
      await raiser.page.getByRole('button', { name: 'RAISE SETTLEMENT REPORT' }).click();
      await raiser.page.getByRole('alertdialog', { name: 'Raise settlement report' }).getByRole('button', { name: 'RAISE' }).click();
      await raiser.page.getByText(/raised: \d+ classes/).waitFor();
      const raisedAt = Date.now();

      const [raised] = (await api<PaymentHeaderList>(admin, `/api/reports/GetSettlementReports?teacherId=${teacherId}`)).paymentHeaders;
      if (!raised) throw new Error('no report raised');
      await watcher.page.getByText('A settlement report has been raised').waitFor({ timeout: 5000 });
      await watcher.page.locator(`tr[data-payment-header-id="${raised.paymentHeaderId}"]`).waitFor({ timeout: 5000 });
      expect(Date.now() - raisedAt).toBeLessThan(5000);
      expect(await watcher.page.locator('tr[data-payment-header-id]').count()).toBe(rowsBefore + 1);
      // The tab that raised it already said so: no second toast there.
      expect(await raiser.page.getByText('A settlement report has been raised').count()).toBe(0);

      // Deleted from the raising tab: the other tab hears of it and drops the row.
      await raiser.page.locator('ion-segment-button').filter({ hasText: 'Settlement reports' }).click();
      await raiser.page.getByRole('button', { name: `Delete ${raised.title}` }).click();
      await raiser.page.getByRole('alertdialog', { name: 'Delete confirmation' }).getByRole('button', { name: 'DELETE' }).click();
      await watcher.page.getByText('A settlement report has been deleted').waitFor({ timeout: 5000 });
      await watcher.page.locator(`tr[data-payment-header-id="${raised.paymentHeaderId}"]`).waitFor({ state: 'detached', timeout: 5000 });
      expect(raiser.errors).toEqual([]);
      expect(watcher.errors).toEqual([]);
    } finally {
      await raiser.context.close();
      await watcher.context.close();
    }
  });
});
