import type { SyncProblemList } from '@rollbook/shared-types/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './app-driver';
import {
  adminMarks, api, apiSignIn, lastWeekClasses, mark, nameOf, onRegister, openRegister, openTeacherPhone, outboxOf,
  registerOf, unexpected, visibleText, type StoredUser,
} from './sync-conflict-driver';

// The office changes a student's mark while the teacher, offline, marks the same student: the
// office's value stays on the server, the teacher sees exactly one conflict (with the server's
// value) and may re-apply theirs; the teacher's other marks go through untouched.

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  // One sign-in per user for the whole file (each sign-in runs the slow password hash).
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
});
afterAll(async () => {
  await browser?.close();
});

const PENDING = 1;
const ATTENDED = 2;
const ABSENT = 5;

describe('a mark changed in the office while the teacher marked it offline', () => {
  it("keeps the office's value, shows one conflict the teacher can re-apply, and applies the teacher's other marks", async () => {
    const [cls] = await lastWeekClasses(teacher, 2);
    expect(cls).toBeTruthy();
    const classId = cls?.classId ?? 0;
    const [lineA, lineB] = onRegister(await registerOf(admin, classId));
    expect(lineA && lineB).toBeTruthy();
    const [a, b] = [lineA?.studentId ?? 0, lineB?.studentId ?? 0];
    // A known starting point: both students pending.
    await adminMarks(admin, classId, a, PENDING);
    await adminMarks(admin, classId, b, PENDING);
    const [nameA, nameB] = [nameOf(lineA ?? { firstName: '', lastName: '' }), nameOf(lineB ?? { firstName: '', lastName: '' })];

    const { context, page, errors } = await openTeacherPhone(browser, teacher, `/teachers/class?id=${classId}`);
    try {
      let scope = await openRegister(page, classId, nameA);
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      await mark(scope, nameA, 'ATTENDED');
      await mark(scope, nameB, 'ATTENDED');
      await visibleText(page, 'Pending changes: 2').waitFor();

      // Meanwhile the office marks student A absent; the phone does not know.
      await adminMarks(admin, classId, a, ABSENT);

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      const afterSync = await registerOf(admin, classId);
      const statusOn = (register: typeof afterSync, studentId: number) => register.students.find((line) => line.studentId === studentId)?.statusId;
      expect([statusOn(afterSync, a), statusOn(afterSync, b)]).toEqual([ABSENT, ATTENDED]);

      // Exactly one issue: the conflict on A, showing what the server holds.
      await visibleText(page, 'Sync issues (1)').click();
      await page.getByRole('dialog', { name: 'Sync issues' }).waitFor();
      const issues = page.locator('ion-modal.show-modal');
      await expect.poll(() => issues.locator('ion-item.sync-issue').count()).toBe(1);
      const issue = issues.locator('ion-item.sync-issue').filter({ hasText: nameA });
      await issue.getByText(new RegExp(`^Conflict ?${nameA}: Attended - `)).waitFor();
      await issue.getByText('On the server: Absent').waitFor();

      // The office sees it too, in the list of refused and conflicting offline changes.
      const problems = await api<SyncProblemList>(admin, '/api/sync/problems?pageSize=200');
      const conflicts = problems.problems.filter((problem) => {
        const args = problem.args as { classId?: number; studentId?: number; statusId?: number };
        return problem.outcome === 'conflict' && problem.userId === teacher.userId && args.classId === classId && args.studentId === a;
      });
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]?.name).toBe('markAttendance');

      await issue.getByRole('button', { name: 'RE-APPLY MINE' }).click();
      await issues.getByText('No sync issues: every change you made has been answered.').waitFor({ timeout: 30_000 });
      await issues.getByRole('button', { name: 'Close' }).click();
      await visibleText(page, 'Sync issues (0)').waitFor();
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });

      await expect.poll(async () => statusOn(await registerOf(admin, classId), a), { timeout: 30_000 }).toBe(ATTENDED);
      expect(statusOn(await registerOf(admin, classId), b)).toBe(ATTENDED);
      expect(await outboxOf(page, teacher.userId)).toEqual([]);
      // The phone's register agrees with the server.
      scope = await openRegister(page, classId, nameA);
      await scope.locator('ion-item').filter({ hasText: nameA }).getByRole('button', { name: 'ATTENDED', pressed: true }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
