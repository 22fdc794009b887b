import type { ClassItem } from '@rollbook/shared-types/classes';
import { DateTime } from 'luxon';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api, appliedMutations, attendanceOf, clientIdOf, openRegister, openTeacherPhone, outboxRows, register, startSyncSuite, stopSyncSuite,
  unexpected, visibleText, type StoredUser, type SyncSuite,
} from './sync-driver';

// "Register in one tap": the teacher takes a class of 12 in three taps (open the class,
// "All attended", one student to absent); offline, "All attended" is one queued change that
// survives a reload and that the server applies to each line exactly once.

let suite: SyncSuite;

beforeAll(async () => {
  suite = await startSyncSuite();
});
afterAll(async () => {
  await stopSyncSuite(suite);
});

interface TwelveClass {
  /** Yesterday's and today's class, both started (the teacher may mark them). */
  yesterdayId: number;
  todayId: number;
  students: { studentId: number; name: string }[];
}

/** Twelve new students on a new course of the demo teacher with a class yesterday and today, made as the office would. */
async function classOfTwelve(admin: StoredUser, teacher: StoredUser): Promise<TwelveClass> {
  const stamp = Date.now();
  const students: TwelveClass['students'] = [];
  for (let i = 1; i <= 12; i++) {
    const student = { firstName: `Pupil${String(i).padStart(2, '0')}`, lastName: `Onetap${stamp}` };
    const { studentId } = await api<{ studentId: number }>(admin, '/api/students/upsert', {
      ...student, email: `pupil${i}.${stamp}@example.org`, companyId: 1,
    });
    students.push({ studentId, name: `${student.firstName} ${student.lastName}` });
  }
  const teacherId = teacher.roles.find((role) => role.name === 'Teacher')?.entityId ?? 0;
  const [rate] = await api<{ teacherRateId: number }[]>(admin, `/api/teachers/GetTeachersRateByTeacherId?id=${teacherId}&onlyActive=true`);
  // Today's class began an hour ago (on a 5-minute step); the daily series began a day earlier.
  const todayStart = DateTime.now().setZone('Europe/London').minus({ hours: 1 }).startOf('minute');
  const today = todayStart.set({ minute: todayStart.minute - (todayStart.minute % 5) });
  const first = today.minus({ days: 1 });
  const dmy = (date: DateTime) => `${date.day}/${date.month}/${date.year}`;
  const course = await api<{ courseId: number }>(admin, '/api/courses/upsert', {
    title: `One tap ${stamp}`, description: 'A group of twelve', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
    startDateString: dmy(first), endDateString: dmy(today.plus({ months: 1 })), duration: 2, classLengthTemplate: 30, price: 100, courseStatusId: 2,
  });
  await api(admin, '/api/courses/UpdateStudentStatus', { courseId: course.courseId, students: students.map((s) => ({ studentId: s.studentId, statusId: 1 })) });
  const generated = await api<{ classes: ClassItem[] }>(admin, '/api/classes/GenerateClasses', {
    courseId: course.courseId, teacherId, teacherRateId: rate?.teacherRateId, time: first.toFormat('HH:mm'), scheduleId: 6,
    startDateString: dmy(first), numberOfClasses: 2, classLength: 30, allowClashes: true,
  });
  const [yesterday, todays] = [...generated.classes].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  if (!yesterday || !todays) throw new Error('Expected two classes');
  return { yesterdayId: yesterday.classId, todayId: todays.classId, students };
}

/** What each student's line shows as selected, by name. */
async function shownMarks(scope: Locator, students: TwelveClass['students']): Promise<Record<string, string>> {
  const marks: Record<string, string> = {};
  for (const { name } of students) {
    const line = scope.getByRole('group', { name: `Attendance of ${name}`, exact: true });
    const attended = await line.getByRole('button', { name: 'ATTENDED', pressed: true }).count();
    const absent = await line.getByRole('button', { name: 'ABSENT', pressed: true }).count();
    marks[name] = attended ? 'ATTENDED' : absent ? 'ABSENT' : 'PENDING';
  }
  return marks;
}

const allBut = (students: TwelveClass['students'], mark: string, other?: { name: string; mark: string }) =>
  Object.fromEntries(students.map(({ name }) => [name, name === other?.name ? other.mark : mark]));

describe('taking the register in one tap on the phone', () => {
  it('takes a class of 12 in 3 taps, and offline queues "All attended" as one change the server applies once', async () => {
    const { admin, teacher, db } = suite;
    const fixture = await classOfTwelve(admin, teacher);
    const { students } = fixture;
    const absentee = students[4] as { name: string };

    const { context, page, errors } = await openTeacherPhone(suite.browser, teacher);
    try {
      let taps = 0;
      const tap = async (target: Locator) => {
        taps += 1;
        await target.click();
      };

      // 1: open today's class from the week; 2: All attended; 3: the one absent student.
      await tap(page.locator(`[data-class-id="${fixture.todayId}"]`).filter({ visible: true }).getByRole('button', { name: /^Attendance of/ }));
      const dialog = page.locator('ion-modal.show-modal');
      await dialog.getByRole('group', { name: `Attendance of ${absentee.name}`, exact: true }).waitFor();
      await expect.poll(() => shownMarks(dialog, students)).toEqual(allBut(students, 'PENDING'));
      await tap(dialog.getByRole('button', { name: 'All attended' }));
      await dialog.getByRole('group', { name: `Attendance of ${absentee.name}`, exact: true }).getByRole('button', { name: 'ATTENDED', pressed: true }).waitFor();
      // Nobody is pending now: the action is gone.
      await dialog.getByRole('button', { name: 'All attended' }).waitFor({ state: 'detached' });
      const absentLine = dialog.getByRole('group', { name: `Attendance of ${absentee.name}`, exact: true });
      await tap(absentLine.getByRole('button', { name: 'ABSENT' }));
      await absentLine.getByRole('button', { name: 'ABSENT', pressed: true }).waitFor();

      expect(taps).toBeLessThanOrEqual(3);
      await expect.poll(() => shownMarks(dialog, students)).toEqual(allBut(students, 'ATTENDED', { name: absentee.name, mark: 'ABSENT' }));
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      const today = await attendanceOf(db, [fixture.todayId]);
      expect(students.map((s) => today.get(`${fixture.todayId}:${s.studentId}`)?.statusId))
        .toEqual(students.map((s) => (s.name === absentee.name ? 5 : 2)));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // No signal: All attended on yesterday's class is ONE queued change, kept across a reload.
      const first = (students[0] as { name: string }).name;
      await openRegister(page, fixture.yesterdayId, first);
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      await register(page).getByRole('button', { name: 'All attended' }).click();
      await register(page).getByRole('button', { name: 'All attended' }).waitFor({ state: 'detached' });
      await expect.poll(() => shownMarks(register(page), students)).toEqual(allBut(students, 'ATTENDED'));
      await expect.poll(async () => (await outboxRows(page, teacher.userId)).map((row) => row.status)).toEqual(['pending']);
      await visibleText(page, 'Pending changes: 1').waitFor();

      await page.reload();
      await register(page).getByRole('group', { name: `Attendance of ${first}`, exact: true }).waitFor();
      await visibleText(page, 'Pending changes: 1').waitFor();
      await expect.poll(() => shownMarks(register(page), students)).toEqual(allBut(students, 'ATTENDED'));
      await expect.poll(() => register(page).getByText('Not sent yet').count()).toBe(12);

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await register(page).getByText('Not sent yet').first().waitFor({ state: 'detached' });

      // Each line written once (version 1 -> 2), by one recorded change; the 3 changes of this phone all applied.
      const yesterday = await attendanceOf(db, [fixture.yesterdayId]);
      expect(students.map((s) => yesterday.get(`${fixture.yesterdayId}:${s.studentId}`))).toEqual(
        students.map(() => ({ statusId: 2, version: 2, markedBy: teacher.userId })),
      );
      const recorded = await appliedMutations(db, await clientIdOf(page, teacher.userId));
      expect(recorded.map((r) => [r.seq, r.outcome])).toEqual([[1, 'applied'], [2, 'applied'], [3, 'applied']]);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
