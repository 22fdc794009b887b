import { randomUUID } from 'node:crypto';
import type { PullResponse } from '@rollbook/shared-types/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDayStart } from '../../src/lib/london-time.js';
import { demoSchool, demoUsers, type DemoUser } from '../helpers/demo-school.js';
import { useTestApp } from '../helpers/test-app.js';

// The demo school: a teacher's phone holds their own classes, courses and students and nothing of
// another teacher's; a student's holds their own classes (with only their own line) and courses.

const ctx = useTestApp({}, { seed: demoSchool });
let who: Record<'teacher' | 'teacher2' | 'student', DemoUser>;

beforeAll(async () => {
  who = await demoUsers(ctx.app, ctx.db, ['teacher', 'teacher2', 'student']);
});

async function fullPull(name: keyof typeof who): Promise<PullResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${randomUUID()}`, headers: { authorization: `Bearer ${who[name].token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

describe('what a phone holds', () => {
  it('gives a teacher exactly their classes of the window, and no other teacher\'s classes or students', async () => {
    const mine = await fullPull('teacher');
    const theirs = await fullPull('teacher2');
    const { teacher, teacher2 } = { teacher: who.teacher.entityId as number, teacher2: who.teacher2.entityId as number };
    expect(mine.reset).toBe(true);
    expect(mine.classes.length).toBeGreaterThan(0);
    expect(mine.classes.every((c) => c.teacherId === teacher)).toBe(true);
    expect(theirs.classes.every((c) => c.teacherId === teacher2)).toBe(true);

    // The same sets, written independently in SQL.
    const from = londonDayStart(mine.window.from);
    const to = londonDayStart(mine.window.to);
    const expectedClasses = await sql<{ id: number }>`select class_id as id from classes
      where teacher_id = ${teacher} and starts_at >= ${from} and starts_at < ${to}::timestamptz + interval '1 day'`.execute(ctx.db);
    expect(sorted(mine.classes.map((c) => c.classId))).toEqual(ids(expectedClasses.rows));
    const expectedStudents = await sql<{ id: number }>`
      select e.student_id as id from enrolments e where e.status_id <> 0 and e.course_id in (select course_id from classes
        where teacher_id = ${teacher} and starts_at >= ${from} and starts_at < ${to}::timestamptz + interval '1 day')
      union
      select a.student_id from class_attendance a join classes c on c.class_id = a.class_id where a.status_id <> 0
        and c.teacher_id = ${teacher} and c.starts_at >= ${from} and c.starts_at < ${to}::timestamptz + interval '1 day'`.execute(ctx.db);
    expect(sorted(mine.students.map((s) => s.studentId))).toEqual(ids(expectedStudents.rows));

    // Students only teacher2 teaches never reach the first teacher's phone.
    const onlyTheirs = theirs.students.map((s) => s.studentId).filter((id) => !mine.students.some((s) => s.studentId === id));
    expect(onlyTheirs.length).toBeGreaterThan(0);
    const leaked = mine.attendance.filter((a) => onlyTheirs.includes(a.studentId)).length
      + mine.enrolments.filter((e) => onlyTheirs.includes(e.studentId)).length;
    expect(leaked).toBe(0);
    const myClassIds = new Set(mine.classes.map((c) => c.classId));
    expect(mine.attendance.every((a) => myClassIds.has(a.classId))).toBe(true);
    expect(sorted(mine.courses.map((c) => c.courseId))).toEqual(sorted(mine.classes.map((c) => c.courseId)));
  });

  it('gives a student only the classes they are on, their own register line, their courses and themselves', async () => {
    const body = await fullPull('student');
    const studentId = who.student.entityId as number;
    expect(body.classes.length).toBeGreaterThan(0);
    expect(body.attendance.every((a) => a.studentId === studentId)).toBe(true);
    expect(body.attendance.map((a) => a.classId).sort()).toEqual(body.classes.map((c) => c.classId).sort());
    expect(body.classes.every((c) => c.classStudentStatusId !== null)).toBe(true);
    expect(body.students.map((s) => s.studentId)).toEqual([studentId]);
    expect(body.enrolments.every((e) => e.studentId === studentId)).toBe(true);
    const places = await ctx.db.selectFrom('enrolments').select('courseId').where('studentId', '=', studentId).where('statusId', '<>', 0).execute();
    expect(sorted(body.courses.map((c) => c.courseId))).toEqual(sorted(places.map((p) => p.courseId)));
  });

  it('sends a student a classmate\'s mark neither as a line nor as anything else', async () => {
    const first = await fullPull('student');
    const studentId = who.student.entityId as number;
    const classId = first.classes[0]!.classId;
    const classmate = await ctx.db.selectFrom('classAttendance').select('studentId')
      .where('classId', '=', classId).where('studentId', '<>', studentId).where('statusId', '<>', 0).executeTakeFirst();
    if (!classmate) throw new Error('the demo student has no classmates');
    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classId).where('studentId', '=', classmate.studentId).execute();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${randomUUID()}&since=${first.cursor}`, headers: { authorization: `Bearer ${who.student.token}` } });
    const next: PullResponse = res.json();
    expect(next.attendance.every((a) => a.studentId === studentId)).toBe(true);
    expect(next.students.map((s) => s.studentId).filter((id) => id !== studentId)).toEqual([]);
  });
});
