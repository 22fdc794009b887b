import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PHONE, submitLogin } from './app-driver';
import {
  adminMarks, api, appliedMutations, apiSignIn, lastWeekClasses, mark, nameOf, onRegister, openRegister, outboxOf, registerOf,
  unexpected, visibleText, type StoredUser,
} from './sync-conflict-driver';
import { classCard as card, reschedule } from './sync-driver';

// A phone whose clock is a year wrong (a dead clock battery, a hand-set date) must still let the
// teacher sign in, work offline and send: the sign-in is judged by the server's clock, and the
// server orders changes by seq, never by the device's times. It records both times: made_at as the
// device said, applied_at by its own clock.

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let moving: ClassItem;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
  // A class of next week to move, on a day of its own (other tests reschedule next week's first classes).
  const nextWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=1');
  const movable = nextWeek.classes.filter((cls) => cls.seriesStatusId === 1 && cls.courseStatusId === 2 && cls.classLength > 30);
  const taken = new Set(movable.slice(0, 2).map((cls) => cls.classDateString));
  const candidate = movable.slice(2).find((cls) => !taken.has(cls.classDateString));
  if (!candidate) throw new Error('No class of next week to reschedule on a day of its own');
  moving = candidate;
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const monthHeading = (page: Page) => page.locator('.period-switcher__heading').filter({ visible: true });

/** The phone's month list, paged from the device's (wrong) month to the class's real month. */
async function showMonthOf(page: Page, cls: ClassItem, deviceNow: number): Promise<void> {
  await page.goto('/teachers/classesmobile');
  await page.locator('ion-segment-button').filter({ hasText: 'MONTH' }).filter({ visible: true }).click();
  const target = DateTime.fromISO(cls.startsAt, { zone: 'Europe/London' });
  const device = DateTime.fromMillis(deviceNow, { zone: 'Europe/London' });
  const months = Math.round(target.startOf('month').diff(device.startOf('month'), 'months').months);
  await monthHeading(page).getByText(`Classes in ${device.toFormat('MMMM yyyy')}`).waitFor();
  for (let i = 0; i < Math.abs(months); i++) await page.getByRole('button', { name: months > 0 ? 'Next' : 'Previous' }).filter({ visible: true }).click();
  await monthHeading(page).getByText(`Classes in ${target.toFormat('MMMM yyyy')}`).waitFor();
}

describe('a phone whose clock is a year wrong', () => {
  const runs = [
    { label: 'a year ahead', years: 1, classIndex: 1, minute: '20' },
    { label: 'a year behind', years: -1, classIndex: 2, minute: '50' },
  ] as const;

  for (const run of runs) {
    it(`signs in, works offline and applies marks and a reschedule once, in order, with the clock ${run.label}`, async () => {
      const past = (await lastWeekClasses(teacher, 2))[run.classIndex];
      expect(past).toBeTruthy();
      const classId = past?.classId ?? 0;
      const [lineA, lineB] = onRegister(await registerOf(admin, classId));
      expect(lineA && lineB).toBeTruthy();
      const [a, b] = [lineA?.studentId ?? 0, lineB?.studentId ?? 0];
      await adminMarks(admin, classId, a, 1);
      await adminMarks(admin, classId, b, 1);
      const [nameA, nameB] = [nameOf(lineA ?? { firstName: '', lastName: '' }), nameOf(lineB ?? { firstName: '', lastName: '' })];

      const deviceNow = DateTime.now().plus({ years: run.years }).toMillis();
      const { context, page, errors } = await openApp(browser, PHONE);
      try {
        await page.clock.install({ time: deviceNow });
        await page.goto('/login');
        // The teacher signs in on the phone itself: the token's expiry must be judged by the server's clock.
        await submitLogin(page, 'teacher');
        await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 30_000 });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
        const scope = await openRegister(page, classId, nameA);
        await showMonthOf(page, moving, deviceNow);
        await card(page, moving.classId).waitFor({ timeout: 30_000 });

        await context.setOffline(true);
        await visibleText(page, 'Offline').waitFor();
        await openRegister(page, classId, nameA);
        await mark(scope, nameA, 'ATTENDED');
        await mark(scope, nameB, 'ABSENT');
        await showMonthOf(page, moving, deviceNow);
        await reschedule(page, moving.classId, '06', run.minute, moving.classLength);
        await visibleText(page, 'Pending changes: 3').waitFor();
        // Still signed in, not asked to sign in again.
        expect(page.url()).not.toMatch(/\/login/i);

        const queued = await outboxOf(page, teacher.userId);
        expect(queued.map((row) => row.name)).toEqual(['markAttendance', 'markAttendance', 'rescheduleClass']);
        for (const row of queued) expect(Math.abs(Date.parse(row.madeAt) - deviceNow)).toBeLessThan(HOUR);

        await context.setOffline(false);
        await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 60_000 });
        await visibleText(page, 'Sync issues (0)').waitFor();
        expect(await outboxOf(page, teacher.userId)).toEqual([]);

        // Once each, in seq order; made_at is the device's time, applied_at the server's.
        const applied = await appliedMutations(queued.map((row) => row.mutationId));
        expect(applied.map((row) => [row.mutationId, row.seq, row.outcome])).toEqual(queued.map((row) => [row.mutationId, row.seq, 'applied']));
        for (const row of applied) {
          expect(Math.abs((row.madeAt?.getTime() ?? 0) - deviceNow)).toBeLessThan(HOUR);
          expect(Math.abs(row.appliedAt.getTime() - Date.now())).toBeLessThan(HOUR);
        }

        const after = await registerOf(admin, classId);
        const statusOf = (studentId: number) => after.students.find((line) => line.studentId === studentId)?.statusId;
        expect([statusOf(a), statusOf(b)]).toEqual([2, 5]);
        const moved = await api<ClassItem>(teacher, `/api/classes/getbyid?id=${moving.classId}`);
        expect([moved.classDateString, moved.time, moved.classLength]).toEqual([moving.classDateString, `06:${run.minute}`, moving.classLength]);
        expect(unexpected(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
