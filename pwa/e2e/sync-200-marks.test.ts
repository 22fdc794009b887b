import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { Browser } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appliedMutations,
  attendanceOf,
  clientIdOf,
  createMarkingCourse,
  markOnRegister,
  openRegister,
  openTeacherPhone,
  outboxRows,
  startSyncSuite,
  statusOf,
  stopSyncSuite,
  type StoredUser,
  type Toggle,
  unexpected,
  visibleText,
} from './sync-driver';

// Offline sync, first proof: a teacher marks 200 attendances across several classes with no signal, reloads
// the app twice, and comes back online. The server ends up with exactly those 200 marks, each
// applied once, the phone's outbox is empty and every class shows the status its marks give it.

const STUDENTS = 24;
const FULL_CLASSES = 8;
/** 8 classes marked in full (192) and 8 students of a ninth: 200 marks. */
const PARTLY_MARKED = 8;
const MARKS = FULL_CLASSES * STUDENTS + PARTLY_MARKED;
const MARKED = 3;
const REQUIRES_MARKING = 2;

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let db: pg.Client;

beforeAll(async () => {
  ({ browser, admin, teacher, db } = await startSyncSuite());
});
afterAll(() => stopSyncSuite({ browser, db }));

describe('200 attendance marks made offline', () => {
  it('reach the server exactly once after two offline reloads, empty the outbox and give each class its status', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: FULL_CLASSES + 1, students: STUDENTS });
    const before = await attendanceOf(db, course.classIds);
    expect(before.size).toBe(course.classIds.length * STUDENTS);

    // The marks to make: alternately attended and absent, every student of 8 classes and some of the ninth.
    const plan = course.classIds.map((classId, classIndex) => ({
      classId,
      lines: course.students.slice(0, classIndex < FULL_CLASSES ? STUDENTS : PARTLY_MARKED).map((student, studentIndex) => ({
        ...student,
        toggle: ((classIndex + studentIndex) % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle,
      })),
    }));
    const expected = new Map<string, number>(plan.flatMap(({ classId, lines }) => lines.map((line) => [`${classId}:${line.studentId}`, statusOf(line.toggle)] as const)));
    expect(expected.size).toBe(MARKS);

    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      for (const { classId, lines } of plan) {
        await openRegister(page, classId, course.students[0]?.name ?? '');
        for (const line of lines) await markOnRegister(page, line.name, line.toggle);
      }
      await visibleText(page, `Pending changes: ${MARKS}`).waitFor();
      const queued = await outboxRows(page, teacher.userId);
      expect(queued).toHaveLength(MARKS);
      expect(new Set(queued.map((row) => row.mutationId)).size).toBe(MARKS);

      for (const round of [1, 2]) {
        await page.reload();
        await visibleText(page, 'Offline').waitFor();
        await visibleText(page, `Pending changes: ${MARKS}`).waitFor();
        expect({ round, queued: await outboxRows(page, teacher.userId) }).toEqual({ round, queued });
      }
      // Nothing reached the server while offline.
      expect(await attendanceOf(db, course.classIds)).toEqual(before);

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 120_000 });
      await expect.poll(() => outboxRows(page, teacher.userId), { timeout: 30_000 }).toEqual([]);
      await visibleText(page, /^Last synced \d\d:\d\d$/).waitFor();
      await visibleText(page, 'Sync issues (0)').waitFor();

      // The server recorded exactly the queued changes, once each, all applied, in the phone's order.
      const clientId = await clientIdOf(page, teacher.userId);
      const recorded = await appliedMutations(db, clientId);
      expect(recorded).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));

      // Exactly those 200 marks, each line changed once (its version moved by one), by the teacher;
      // the students left unmarked are untouched.
      const after = await attendanceOf(db, course.classIds);
      for (const [key, line] of before) {
        const mark = expected.get(key);
        const want = mark === undefined ? line : { statusId: mark, version: line.version + 1, markedBy: teacher.userId };
        expect({ key, ...after.get(key) }).toEqual({ key, ...want });
      }
      expect([...after.values()].filter((line) => line.statusId !== 1)).toHaveLength(MARKS);

      // Derived statuses: Marked once everyone on the register is marked, else still Requires marking.
      for (const [index, classId] of course.classIds.entries()) {
        const { seriesStatusId } = await api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${classId}`);
        expect({ classId, seriesStatusId }).toEqual({ classId, seriesStatusId: index < FULL_CLASSES ? MARKED : REQUIRES_MARKING });
      }
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);
});
