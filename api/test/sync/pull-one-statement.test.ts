import { randomUUID } from 'node:crypto';
import { PullQuerySchema, PullResponseSchema, type PullResponse } from '@rollbook/shared-types/sync';
import { describe, expect, it } from 'vitest';
import { pullAnswer, pullByParts } from '../../src/modules/sync/pull.service.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, newClasses, newCourse, newTeacher, pull, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// A teacher's later pull is answered by one statement (teacher-pull.repository.ts); first pulls and
// students' pulls by the same rules written statement by statement. After each kind of change the
// two must give the phone the same answer, so a rule changed in one writing and not the other fails here.

const ctx = useTestApp();
const DAY = 24;

type Teacher = Person & { teacherId: number; teacherRateId: number };
interface School { teacher: Teacher; other: Teacher; courseId: number; classIds: number[]; studentIds: number[] }

async function school(): Promise<School> {
  const teacher = await newTeacher(ctx.app, ctx.db);
  const other = await newTeacher(ctx.app, ctx.db);
  const courseId = await newCourse(ctx.db);
  const classIds = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-DAY), hoursFromNow(DAY), hoursFromNow(21 * DAY)] });
  await newClasses(ctx.db, { courseId, teacher: other, starts: [hoursFromNow(2 * DAY)] });
  const studentIds = [(await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId];
  await enrol(ctx.db, courseId, studentIds);
  return { teacher, other, courseId, classIds, studentIds };
}

/**
 * The answer as the phone receives it (the response schema's fields only, as the serializer sends
 * them), its lists in one order, without the cursor (it holds the cluster-wide oldest transaction).
 */
function comparable(sent: unknown) {
  const answer = PullResponseSchema.parse(JSON.parse(typeof sent === 'string' ? sent : JSON.stringify(sent)));
  const by = <T>(key: (item: T) => string) => (items: T[]) => [...items].sort((a, b) => key(a).localeCompare(key(b)));
  const { cursor: _cursor, ...rest } = answer;
  return {
    ...rest,
    classes: by<PullResponse['classes'][number]>((c) => String(c.classId))(rest.classes),
    attendance: by<PullResponse['attendance'][number]>((a) => `${a.classId}/${a.studentId}`)(rest.attendance),
    courses: by<PullResponse['courses'][number]>((c) => String(c.courseId))(rest.courses),
    enrolments: by<PullResponse['enrolments'][number]>((e) => `${e.courseId}/${e.studentId}`)(rest.enrolments),
    students: by<PullResponse['students'][number]>((s) => String(s.studentId))(rest.students),
    removed: {
      classIds: [...rest.removed.classIds].sort(),
      attendance: by<PullResponse['removed']['attendance'][number]>((a) => `${a.classId}/${a.studentId}`)(rest.removed.attendance),
      courseIds: [...rest.removed.courseIds].sort(),
      enrolments: by<PullResponse['removed']['enrolments'][number]>((e) => `${e.courseId}/${e.studentId}`)(rest.removed.enrolments),
      studentIds: [...rest.removed.studentIds].sort(),
    },
  };
}

const changes: [string, (s: School) => Promise<unknown>, number?][] = [
  ['nothing', async () => undefined],
  ['a mark changed by the office', (s) => ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', s.classIds[0]!).where('studentId', '=', s.studentIds[0]!).execute()],
  ['a class, a register line and a place deleted', async (s) => {
    await ctx.db.deleteFrom('classes').where('classId', '=', s.classIds[1]!).execute();
    await ctx.db.deleteFrom('classAttendance').where('studentId', '=', s.studentIds[1]!).execute();
    await ctx.db.deleteFrom('enrolments').where('courseId', '=', s.courseId).where('studentId', '=', s.studentIds[1]!).execute();
  }],
  ['a class handed to another teacher', (s) => ctx.db.updateTable('classes').set({ teacherId: s.other.teacherId, teacherRateId: s.other.teacherRateId }).where('classId', '=', s.classIds[2]!).execute()],
  ["another teacher's class of the course made longer", async (s) => {
    const [theirs] = await newClasses(ctx.db, { courseId: s.courseId, teacher: s.other, starts: [hoursFromNow(3 * DAY)] });
    await ctx.db.updateTable('classes').set({ classLength: 90, endsAt: hoursFromNow(3 * DAY + 1.5) }).where('classId', '=', theirs!).execute();
  }],
  ["a student's details", (s) => ctx.db.updateTable('students').set({ firstName: 'Renamed' }).where('studentId', '=', s.studentIds[0]!).execute()],
  ["the course's title", (s) => ctx.db.updateTable('courses').set({ title: 'Renamed course' }).where('courseId', '=', s.courseId).execute()],
  ['a student added to the course', async (s) => enrol(ctx.db, s.courseId, [(await createStudent(ctx.db)).studentId])],
  ['six days passed (the window moves into the next week, unless today is a Monday)', async () => undefined, 6 * DAY],
];

describe("a teacher's later pull in one statement", () => {
  it.each(changes)('gives the same answer as the rules statement by statement: %s', async (_, change, laterHours = 0) => {
    const s = await school();
    const clientId = randomUUID();
    const first = await pull(ctx.app, s.teacher, clientId);
    expect(first.statusCode).toBe(200);
    await change(s);

    const now = new Date(Date.now() + laterHours * 3_600_000);
    const query = PullQuerySchema.parse({ clientId, since: first.body.cursor });
    const oneStatement = await pullAnswer(ctx.db, s.teacher.principal, query, now);
    expect(typeof oneStatement).toBe('string');
    const byParts = await pullByParts(ctx.db, s.teacher.principal, query, now);
    expect(byParts.reset).toBe(false);
    expect(comparable(oneStatement)).toEqual(comparable(byParts));
  });
});
