import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, PHONE, type AppPage } from './app-driver';
import { api, apiSignIn, type StoredUser } from './api-driver';

// A teacher marks attendance with no signal, reloads, and the marks reach the server exactly once
// when the phone is back online; a mark the server refuses is shown as a sync issue and holds
// nothing up. The server is checked through the API as the admin.

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

/** The teacher's phone, signed in the way the sign-in form stores the user, on their classes. */
async function openTeacherPhone(path = '/teachers/classesmobile'): Promise<AppPage> {
  const app = await openApp(browser, PHONE);
  await app.page.goto('/login');
  await app.page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), teacher);
  await app.page.goto(path);
  await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await app.page.getByText(/^Last updated \d\d:\d\d$/).filter({ visible: true }).waitFor({ timeout: 30_000 });
  return app;
}

const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });
const registerOf = (classId: number) => api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${classId}`);
const onRegister = (register: ClassRegister) => register.students.filter((line) => line.statusId !== 0);

/** A mark that changes something: absent for those who attended, attended for everyone else. */
const markFor = (statusId: number): 'ATTENDED' | 'ABSENT' => (statusId === 2 ? 'ABSENT' : 'ATTENDED');
const statusOf = (mark: 'ATTENDED' | 'ABSENT') => (mark === 'ATTENDED' ? 2 : 5);

/** Clicks a student's toggle in an open register and waits until it shows as selected. */
async function mark(scope: ReturnType<Page['locator']>, student: string, toggle: 'ATTENDED' | 'ABSENT'): Promise<void> {
  const line = scope.locator('ion-item').filter({ hasText: student });
  await line.getByRole('button', { name: toggle }).click();
  await line.getByRole('button', { name: toggle, pressed: true }).waitFor();
}

describe('marking attendance on the phone with no signal', () => {
  it('keeps marks made offline across reloads and applies exactly those marks once back online', async () => {
    // Last week's classes have all ended: the teacher may mark (or correct) any of them.
    const lastWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=-1');
    const chosen = lastWeek.classes
      .filter((cls: ClassItem) => cls.courseStatusId === 2 && [2, 3].includes(cls.seriesStatusId) && cls.studentCount > 0 && cls.studentCount <= 6)
      .slice(0, 3);
    expect(chosen.length).toBeGreaterThanOrEqual(2);
    const before = new Map(await Promise.all(chosen.map(async (cls) => [cls.classId, await registerOf(cls.classId)] as const)));

    const { context, page, errors } = await openTeacherPhone();
    try {
      await page.getByRole('button', { name: 'Previous' }).click();
      await heading(page, `Classes in week ${lastWeek.datesSelected}`).waitFor();
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();

      const expected = new Map<string, number>();
      for (const cls of chosen) {
        await page.locator(`[data-class-id="${cls.classId}"]`).filter({ visible: true }).getByRole('button', { name: /^Attendance of/ }).click();
        await page.getByRole('dialog', { name: 'Mark attendance' }).waitFor();
        // The dialog role sits in Ionic's shadow root; its content is the modal host's light DOM.
        const dialog = page.locator('ion-modal.show-modal');
        for (const line of onRegister(before.get(cls.classId) as ClassRegister)) {
          const toggle = markFor(line.statusId);
          await mark(dialog, `${line.firstName} ${line.lastName}`.trim(), toggle);
          expected.set(`${cls.classId}:${line.studentId}`, statusOf(toggle));
        }
        await dialog.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await visibleText(page, `Pending changes: ${expected.size}`).waitFor();

      for (const round of [1, 2]) {
        await page.reload();
        await heading(page, 'Classes').waitFor();
        await visibleText(page, 'Offline').waitFor();
        await visibleText(page, `Pending changes: ${expected.size}`).waitFor();
        expect(round).toBeGreaterThan(0);
      }
      // The register on the phone still shows the marks, each waiting to be sent.
      const [first] = chosen;
      await page.goto(`/teachers/class?id=${first?.classId}`);
      const firstLines = onRegister(before.get(first?.classId ?? 0) as ClassRegister);
      for (const line of firstLines) {
        const item = page.locator('ion-item').filter({ visible: true }).filter({ hasText: `${line.firstName} ${line.lastName}`.trim() });
        await item.getByRole('button', { name: markFor(line.statusId), pressed: true }).waitFor();
        await item.getByText('Not sent yet').waitFor();
      }

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await visibleText(page, /^Last synced \d\d:\d\d$/).waitFor();

      for (const cls of chosen) {
        const after = await registerOf(cls.classId);
        for (const line of onRegister(after)) expect([cls.classId, line.studentId, line.statusId]).toEqual([cls.classId, line.studentId, expected.get(`${cls.classId}:${line.studentId}`)]);
        expect(onRegister(after)).toHaveLength(onRegister(before.get(cls.classId) as ClassRegister).length);
        // Everyone on the register is marked: the class is Marked.
        expect(after.seriesStatusId).toBe(3);
      }
      await visibleText(page, 'Sync issues (0)').waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a mark the server refuses (its course became Draft) as a sync issue with the spec message, and applies the others', async () => {
    const teacherId = teacher.roles[0]?.entityId ?? 0;
    const london = DateTime.now().setZone('Europe/London');
    const dmy = (date: DateTime) => `${date.day}/${date.month}/${date.year}`;
    const { students } = await api<{ students: { studentId: number; firstName: string; lastName: string }[] }>(admin, '/api/students/getall?companyId=1');
    const student = students[0];
    const [rate] = await api<{ teacherRateId: number }[]>(admin, `/api/teachers/GetTeachersRateByTeacherId?id=${teacherId}&onlyActive=true`);
    expect(student && rate).toBeTruthy();
    const course = await api<{ courseId: number }>(admin, '/api/courses/upsert', {
      title: `Refused offline marks ${Date.now()}`, description: 'A class marked offline after the course went back to Draft', typeId: 1, subjectId: 1,
      courseLevelId: 3, companyId: 1, startDateString: dmy(london.minus({ days: 8 })), endDateString: dmy(london.plus({ months: 3 })),
      duration: 4, classLengthTemplate: 60, price: 100, courseStatusId: 2,
    });
    await api(admin, '/api/courses/UpdateStudentStatus', { courseId: course.courseId, students: [{ studentId: student?.studentId, statusId: 1 }] });
    const generated = await api<{ classes: ClassItem[] }>(admin, '/api/classes/GenerateClasses', {
      courseId: course.courseId, teacherId, teacherRateId: rate?.teacherRateId, time: '07:00', scheduleId: 1,
      startDateString: dmy(london.minus({ days: 8 })), numberOfClasses: 1, classLength: 60, allowClashes: true,
    });
    const refusedClassId = generated.classes[0]?.classId ?? 0;
    const lastWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=-1');
    const other = lastWeek.classes.find((cls) => cls.courseStatusId === 2 && [2, 3].includes(cls.seriesStatusId) && cls.studentCount > 0 && cls.classId !== refusedClassId);
    const [otherLine] = onRegister(await registerOf(other?.classId ?? 0));
    expect(other && otherLine).toBeTruthy();
    const studentName = `${student?.firstName} ${student?.lastName}`;
    const otherName = `${otherLine?.firstName} ${otherLine?.lastName}`.trim();

    const { context, page, errors } = await openTeacherPhone(`/teachers/class?id=${refusedClassId}`);
    try {
      const register = () => page.locator('.class-register').filter({ visible: true });
      await register().locator('ion-item').filter({ hasText: studentName }).waitFor();
      await context.setOffline(true);
      // Meanwhile the office puts the course back to Draft; the phone does not know yet.
      await api(admin, `/api/courses/UpdateCourseStatus?courseId=${course.courseId}&courseStatusId=1`);

      await mark(register(), studentName, 'ATTENDED');
      await page.goto(`/teachers/class?id=${other?.classId}`);
      const otherToggle = markFor(otherLine?.statusId ?? 1);
      await mark(register(), otherName, otherToggle);
      await visibleText(page, 'Pending changes: 2').waitFor();

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await visibleText(page, 'Sync issues (1)').click();
      const issues = page.locator('ion-modal.show-modal');
      await page.getByRole('dialog', { name: 'Sync issues' }).waitFor();
      const issue = issues.locator('ion-item').filter({ hasText: 'You can not mark classes for a draft course' });
      await issue.getByText(new RegExp(`^Refused ?${studentName}: Attended - `)).waitFor();

      // The queue was not held up: the other mark is on the server; the refused one is not.
      const otherAfter = onRegister(await registerOf(other?.classId ?? 0)).find((line) => line.studentId === otherLine?.studentId);
      expect(otherAfter?.statusId).toBe(statusOf(otherToggle));
      const refusedAfter = onRegister(await registerOf(refusedClassId)).find((line) => line.studentId === student?.studentId);
      expect(refusedAfter?.statusId).toBe(1);

      await issue.getByRole('button', { name: "KEEP SERVER'S" }).click();
      await issues.getByText('No sync issues: every change you made has been answered.').waitFor();
      await issues.getByRole('button', { name: 'Close' }).click();
      await visibleText(page, 'Sync issues (0)').waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
