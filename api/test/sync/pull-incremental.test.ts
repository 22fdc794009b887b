import { randomUUID } from 'node:crypto';
import type { PullResponse } from '@rollbook/shared-types/sync';
import { describe, expect, inject, it } from 'vitest';
import { pullChanges } from '../../src/modules/sync/pull.service.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, newAdmin, newClasses, newCourse, newTeacher, pull, signIn, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
type TeacherLogin = Person & { teacherId: number; teacherRateId: number };

const DAY = 24;

/** A teacher with one course: a class yesterday, one tomorrow, one in three weeks; two students on them. */
async function teacherWithCourse() {
  const teacher = await newTeacher(ctx.app, ctx.db);
  const courseId = await newCourse(ctx.db);
  const classIds = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-DAY), hoursFromNow(DAY), hoursFromNow(21 * DAY)] });
  const studentIds = [(await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId];
  await enrol(ctx.db, courseId, studentIds);
  return { teacher, courseId, classIds, studentIds };
}

async function firstPull(who: Person) {
  const clientId = randomUUID();
  const res = await pull(ctx.app, who, clientId);
  expect(res.statusCode).toBe(200);
  return { clientId, first: res.body };
}

function nothingChanged(body: PullResponse) {
  return {
    reset: body.reset, classes: body.classes.length, attendance: body.attendance.length, courses: body.courses.length,
    enrolments: body.enrolments.length, students: body.students.length, removed: body.removed,
  };
}

const EMPTY = { classIds: [], attendance: [], courseIds: [], enrolments: [], studentIds: [] };

describe('incremental pull', () => {
  it('answers a first pull with the whole window, then a pull with nothing changed with nothing', async () => {
    const { teacher, classIds, studentIds, courseId } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);
    expect(first.reset).toBe(true);
    expect(first.classes.map((c) => c.classId).sort()).toEqual([...classIds].sort());
    expect(first.attendance).toHaveLength(6);
    expect(first.courses.map((c) => c.courseId)).toEqual([courseId]);
    expect(first.enrolments).toHaveLength(2);
    expect(first.students.map((s) => s.studentId).sort()).toEqual([...studentIds].sort());
    expect(first.classes[0]).toHaveProperty('scheduleVersion', 1);

    const again = await pull(ctx.app, teacher, clientId, first.cursor);
    expect(nothingChanged(again.body)).toEqual({ reset: false, classes: 0, attendance: 0, courses: 0, enrolments: 0, students: 0, removed: EMPTY });
  });

  it('returns an admin\'s change to a mark with its class and course, and not the unchanged classes', async () => {
    const { teacher, classIds, studentIds, courseId } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);
    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classIds[0]!).where('studentId', '=', studentIds[0]!).execute();

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(next.reset).toBe(false);
    expect(next.classes.map((c) => c.classId)).toEqual([classIds[0]]);
    expect(next.attendance).toContainEqual({ classId: classIds[0], studentId: studentIds[0], statusId: 5, version: 2 });
    expect(next.attendance.every((a) => a.classId === classIds[0])).toBe(true);
    expect(next.courses.map((c) => c.courseId)).toEqual([courseId]);
    expect(next.removed).toEqual(EMPTY);
  });

  it('tells the phone about deleted classes and places, and students who left', async () => {
    const { teacher, classIds, studentIds, courseId } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);
    await ctx.db.deleteFrom('classes').where('classId', '=', classIds[1]!).execute();
    await ctx.db.deleteFrom('classAttendance').where('studentId', '=', studentIds[1]!).execute();
    await ctx.db.deleteFrom('enrolments').where('courseId', '=', courseId).where('studentId', '=', studentIds[1]!).execute();

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(next.removed.classIds).toEqual([classIds[1]]);
    expect(next.removed.enrolments).toEqual([{ courseId, studentId: studentIds[1] }]);
    expect(next.removed.attendance).toEqual(expect.arrayContaining([{ classId: classIds[0], studentId: studentIds[1] }]));
    expect(next.removed.studentIds).toEqual([studentIds[1]]);
    expect(next.courses.map((c) => c.courseId)).toEqual([courseId]);
  });

  it('moves a class handed to another teacher from the first teacher\'s phone to the second\'s', async () => {
    const { teacher, classIds, courseId } = await teacherWithCourse();
    const other = await newTeacher(ctx.app, ctx.db);
    const { clientId, first } = await firstPull(teacher);
    const theirs = await firstPull(other);
    expect(theirs.first.classes).toEqual([]);

    await ctx.db.updateTable('classes').set({ teacherId: other.teacherId, teacherRateId: other.teacherRateId }).where('classId', '=', classIds[2]!).execute();
    const mine = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(mine.removed.classIds).toContain(classIds[2]);
    expect(mine.classes.map((c) => c.classId)).not.toContain(classIds[2]);
    const received = (await pull(ctx.app, other, theirs.clientId, theirs.first.cursor)).body;
    expect(received.classes.map((c) => c.classId)).toEqual([classIds[2]]);
    expect(received.courses.map((c) => c.courseId)).toEqual([courseId]);
    expect(received.attendance).toHaveLength(2);
    expect(received.students).toHaveLength(2);
  });

  it('re-sends a course whose figures changed through another teacher\'s class, without that class', async () => {
    const { teacher, courseId } = await teacherWithCourse();
    const other = await newTeacher(ctx.app, ctx.db);
    const [theirClass] = await newClasses(ctx.db, { courseId, teacher: other, starts: [hoursFromNow(2 * DAY + 3)] });
    const { clientId, first } = await firstPull(teacher);
    await ctx.db.updateTable('classes').set({ classLength: 90, endsAt: hoursFromNow(2 * DAY + 4.5) }).where('classId', '=', theirClass!).execute();

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(next.classes).toEqual([]);
    expect(next.courses.map((c) => [c.courseId, c.totalClassLength])).toEqual([[courseId, 4 * 60 + 30]]);
    expect(next.removed.classIds).toEqual([]);
  });

  it('names none of the classes other teachers changed, handed on or lost since the last pull', async () => {
    const { teacher } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);
    const other = await teacherWithCourse();
    const third = await newTeacher(ctx.app, ctx.db);
    await ctx.db.updateTable('classes').set({ classLength: 90, endsAt: hoursFromNow(DAY + 1.5) }).where('classId', '=', other.classIds[1]!).execute();
    await ctx.db.updateTable('classes').set({ teacherId: third.teacherId, teacherRateId: third.teacherRateId }).where('classId', '=', other.classIds[2]!).execute();
    await ctx.db.deleteFrom('classes').where('classId', '=', other.classIds[0]!).execute();

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(nothingChanged(next)).toEqual({ reset: false, classes: 0, attendance: 0, courses: 0, enrolments: 0, students: 0, removed: EMPTY });
  });

  it('still drops a class from the first teacher\'s phone when it is handed on twice between pulls', async () => {
    const { teacher, classIds } = await teacherWithCourse();
    const second = await newTeacher(ctx.app, ctx.db);
    const third = await newTeacher(ctx.app, ctx.db);
    const { clientId, first } = await firstPull(teacher);
    await ctx.db.updateTable('classes').set({ teacherId: second.teacherId, teacherRateId: second.teacherRateId }).where('classId', '=', classIds[1]!).execute();
    await ctx.db.updateTable('classes').set({ teacherId: third.teacherId, teacherRateId: third.teacherRateId }).where('classId', '=', classIds[1]!).execute();

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(next.removed.classIds).toEqual([classIds[1]]);
    expect(next.classes).toEqual([]);
  });

  it('brings a newly enrolled student, their place and their register lines to the phone', async () => {
    const { teacher, classIds, courseId } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);
    const newcomer = (await createStudent(ctx.db)).studentId;
    await enrol(ctx.db, courseId, [newcomer]);

    const next = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(next.students.map((s) => s.studentId)).toContain(newcomer);
    expect(next.enrolments).toContainEqual({ courseId, studentId: newcomer, statusId: 1 });
    expect(next.attendance.filter((a) => a.studentId === newcomer).map((a) => a.classId).sort()).toEqual([...classIds].sort());
    expect(next.courses.map((c) => [c.courseId, c.enrolledCount])).toEqual([[courseId, 3]]);
  });

  it('gives a student their own line when the teacher marks it, and nothing of a classmate\'s mark', async () => {
    const { classIds, studentIds } = await teacherWithCourse();
    const student = await signIn(ctx.app, ctx.db, 'Student', studentIds[0]!);
    const { clientId, first } = await firstPull(student);
    expect(first.attendance.every((a) => a.studentId === studentIds[0])).toBe(true);

    await ctx.db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', classIds[0]!).where('studentId', '=', studentIds[1]!).execute();
    // The class may come again (its register size is on the card), but only with the student's own line.
    const quiet = (await pull(ctx.app, student, clientId, first.cursor)).body;
    expect(quiet.attendance).toEqual([{ classId: classIds[0], studentId: studentIds[0], statusId: 1, version: 1 }]);
    expect(quiet.students).toEqual([]);

    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classIds[0]!).where('studentId', '=', studentIds[0]!).execute();
    const mine = (await pull(ctx.app, student, clientId, quiet.cursor)).body;
    expect(mine.attendance).toEqual([{ classId: classIds[0], studentId: studentIds[0], statusId: 5, version: 2 }]);
    expect(mine.classes.map((c) => [c.classId, c.classStudentStatusId])).toEqual([[classIds[0], 5]]);

    // Taken off the course: the student's phone drops the course and its classes.
    await ctx.db.updateTable('classAttendance').set({ statusId: 0 }).where('studentId', '=', studentIds[0]!).execute();
    await ctx.db.updateTable('enrolments').set({ statusId: 0 }).where('studentId', '=', studentIds[0]!).execute();
    const gone = (await pull(ctx.app, student, clientId, mine.cursor)).body;
    expect(gone.classes).toEqual([]);
    expect(gone.removed.classIds.sort()).toEqual([...classIds].sort());
    expect(gone.removed.courseIds).toHaveLength(1);
  });

  it('starts again from a full snapshot when the cursor is not usable or belongs to someone else', async () => {
    const { teacher } = await teacherWithCourse();
    const other = await newTeacher(ctx.app, ctx.db);
    const { clientId, first } = await firstPull(teacher);
    expect((await pull(ctx.app, teacher, clientId, 'not-a-cursor')).body.reset).toBe(true);
    const { clientId: otherClient } = await firstPull(other);
    expect((await pull(ctx.app, other, otherClient, first.cursor)).body.reset).toBe(true);
  });

  it('refuses a pull for a clientId bound to another user, and admins', async () => {
    const { teacher } = await teacherWithCourse();
    const { clientId } = await firstPull(teacher);
    const other = await newTeacher(ctx.app, ctx.db);
    expect((await pull(ctx.app, other, clientId)).statusCode).toBe(403);
    expect((await pull(ctx.app, await newAdmin(ctx.app, ctx.db), randomUUID())).statusCode).toBe(403);
  });
});

// Two transactions at once: PGlite has one connection, so the slow writer would hold it for ever.
describe.runIf(inject('postgres') !== null)('pull under concurrent writers', () => {
  it('does not miss a change committed after the pull by a transaction that took an earlier sequence number', async () => {
    const { teacher, classIds, studentIds } = await teacherWithCourse();
    const { clientId, first } = await firstPull(teacher);

    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => { written = resolve; });
    // A slow writer: takes its change_seq now, commits only after the next pull has read.
    const slow = ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classIds[0]!).where('studentId', '=', studentIds[0]!).execute();
      written();
      await held;
    });
    await wrote;
    // A fast writer commits a later sequence number first. It marks the other student: marks of one
    // student on one course wait for each other (their attendance counts row, attendance warnings),
    // so the same student here would wait for the slow writer instead of overtaking it.
    await ctx.db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', classIds[1]!).where('studentId', '=', studentIds[1]!).execute();

    const during = (await pull(ctx.app, teacher, clientId, first.cursor)).body;
    expect(during.attendance).toContainEqual(expect.objectContaining({ classId: classIds[1], studentId: studentIds[1], statusId: 2 }));
    expect(during.attendance).not.toContainEqual(expect.objectContaining({ classId: classIds[0], studentId: studentIds[0], statusId: 5 }));
    release();
    await slow;

    const after = (await pull(ctx.app, teacher, clientId, during.cursor)).body;
    expect(after.attendance).toContainEqual({ classId: classIds[0], studentId: studentIds[0], statusId: 5, version: 2 });
  });
});

describe('the window moves with the days', () => {
  it('brings in the classes of the weeks that entered the window and drops those that left', async () => {
    const teacher: TeacherLogin = await newTeacher(ctx.app, ctx.db);
    const courseId = await newCourse(ctx.db);
    const t0 = new Date('2026-11-18T12:00:00Z'); // a Wednesday; the next pull on Monday moves the window a week
    const starts = ['2026-10-20T10:00:00Z', '2026-10-28T10:00:00Z', '2026-11-19T10:00:00Z', '2027-01-12T10:00:00Z', '2027-01-20T10:00:00Z'].map((s) => new Date(s));
    const [old, edge, current, late, later] = await newClasses(ctx.db, { courseId, teacher, starts });
    const query = { clientId: randomUUID(), weeksBack: 4, weeksAhead: 8 };

    const first = await pullChanges(ctx.db, teacher.principal, query, t0);
    expect(first.window).toEqual({ from: '2026-10-19', to: '2027-01-17' });
    expect(first.classes.map((c) => c.classId)).toEqual([old, edge, current, late]);

    const monday = new Date('2026-11-23T09:00:00Z');
    const next = await pullChanges(ctx.db, teacher.principal, { ...query, since: first.cursor }, monday);
    expect(next.reset).toBe(false);
    expect(next.window).toEqual({ from: '2026-10-26', to: '2027-01-24' });
    // current ended meanwhile (its status moved on); later entered the window.
    expect(next.classes.map((c) => c.classId)).toEqual([current, later]);
    expect(next.removed.classIds).toEqual([old]);
    expect(next.courses.map((c) => c.courseId)).toEqual([courseId]);

    // A week past the last full pull, the phone gets a full snapshot again.
    const weekOn = await pullChanges(ctx.db, teacher.principal, { ...query, since: next.cursor }, new Date(t0.getTime() + 8 * 86_400_000));
    expect(weekOn.reset).toBe(true);
    expect(weekOn.classes.map((c) => c.classId)).toEqual([edge, current, late, later]);
  });

  it('re-sends a class that ended since the last pull (its status moves to requires marking)', async () => {
    const teacher: TeacherLogin = await newTeacher(ctx.app, ctx.db);
    const courseId = await newCourse(ctx.db);
    const t0 = new Date();
    const [soon, later] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(1, t0), hoursFromNow(5 * DAY, t0)] });
    const query = { clientId: randomUUID(), weeksBack: 4, weeksAhead: 8 };
    const first = await pullChanges(ctx.db, teacher.principal, query, t0);
    expect(first.classes.map((c) => c.classId)).toEqual([soon, later]);
    const next = await pullChanges(ctx.db, teacher.principal, { ...query, since: first.cursor }, new Date(t0.getTime() + 3 * 3_600_000));
    expect(next.classes.map((c) => c.classId)).toEqual([soon]);
  });
});
