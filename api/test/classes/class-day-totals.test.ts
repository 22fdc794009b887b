import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { createStudent } from '../helpers/factories.js';
import { createClass, createCourse, createTeacherWithRate, enrol } from '../helpers/scheduling-factories.js';
import { useTestDb } from '../helpers/test-db.js';

// class_day_totals (migration 2026_11_25_101500) keeps, per London day, the classes that start on
// it and the register lines (status other than 0) of those classes; the classes list's page counts
// trust it. Every way a class or a line changes must leave the kept figures equal to a count made
// here, directly, from the classes and their lines.

const testDb = useTestDb();
let teacher: { teacherId: number; teacherRateId: number };
let courseId = 0;
const students: number[] = [];

beforeAll(async () => {
  teacher = await createTeacherWithRate(testDb.db);
  courseId = (await createCourse(testDb.db)).courseId;
  for (let i = 0; i < 4; i++) students.push((await createStudent(testDb.db)).studentId);
});

type DayFigures = Record<string, { classes: number; lines: number }>;

async function kept(): Promise<DayFigures> {
  const rows = await testDb.db.selectFrom('classDayTotals').selectAll().where((eb) => eb.or([eb('classCount', '<>', 0), eb('registerCount', '<>', 0)]))
    .orderBy('day').execute();
  return Object.fromEntries(rows.map((r) => [r.day, { classes: r.classCount, lines: r.registerCount }]));
}

async function counted(): Promise<DayFigures> {
  const { rows } = await sql<{ day: string; classes: number; lines: number }>`
    select (c.starts_at at time zone 'Europe/London')::date as day, count(*)::int as classes,
      coalesce(sum((select count(*) from class_attendance a where a.class_id = c.class_id and a.status_id <> 0)), 0)::int as lines
    from classes c group by 1 order by 1`.execute(testDb.db);
  return Object.fromEntries(rows.map((r) => [r.day, { classes: r.classes, lines: r.lines }]));
}

async function expectKeptEqualsCounted() {
  expect(await kept()).toEqual(await counted());
}

const at = (iso: string) => new Date(iso);
const addClass = (startsAt: string, classSeriesId?: number) =>
  createClass(testDb.db, { ...teacher, courseId, startsAt: at(startsAt), ...(classSeriesId ? { classSeriesId } : {}) });
const putOnRegister = (classId: number, studentIds: number[], statusId = 1) =>
  testDb.db.insertInto('classAttendance').values(studentIds.map((studentId) => ({ classId, studentId, statusId }))).execute();

describe('class_day_totals follows every change of classes and registers', () => {
  it('counts a class on its London day, also when it starts after midnight in London but before midnight UTC', async () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (summer time); in January the two agree.
    const { classId } = await addClass('2026-07-01T23:30:00Z');
    await addClass('2027-01-11T23:30:00Z');
    expect(await kept()).toMatchObject({ '2026-07-02': { classes: 1, lines: 0 }, '2027-01-11': { classes: 1, lines: 0 } });
    await putOnRegister(classId, students.slice(0, 3));
    expect((await kept())['2026-07-02']).toEqual({ classes: 1, lines: 3 });
    await expectKeptEqualsCounted();
  });

  it('counts register lines other than 0 as they are added, cleared to 0, restored and removed', async () => {
    const { classId } = await addClass('2026-09-14T09:00:00Z');
    await putOnRegister(classId, students.slice(0, 2));
    await putOnRegister(classId, [students[2]!], 0);
    expect((await kept())['2026-09-14']).toEqual({ classes: 1, lines: 2 });
    await testDb.db.updateTable('classAttendance').set({ statusId: 0 }).where('classId', '=', classId).where('studentId', '=', students[0]!).execute();
    await testDb.db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', classId).where('studentId', '=', students[2]!).execute();
    expect((await kept())['2026-09-14']).toEqual({ classes: 1, lines: 2 });
    await testDb.db.deleteFrom('classAttendance').where('classId', '=', classId).where('studentId', '=', students[1]!).execute();
    expect((await kept())['2026-09-14']).toEqual({ classes: 1, lines: 1 });
    await expectKeptEqualsCounted();
  });

  it('leaves the figures alone when lines are marked (1 → 2 → 5) and classes change status', async () => {
    const { classId } = await addClass('2026-09-15T09:00:00Z');
    await putOnRegister(classId, students);
    const before = await kept();
    await testDb.db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', classId).execute();
    await testDb.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classId).where('studentId', '=', students[0]!).execute();
    await testDb.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId).execute();
    expect(await kept()).toEqual(before);
    await expectKeptEqualsCounted();
  });

  it('moves a class and its register to the new day when it is rescheduled, several in one statement too', async () => {
    const first = await addClass('2026-10-05T09:00:00Z');
    const second = await addClass('2026-10-06T09:00:00Z', first.classSeriesId);
    await putOnRegister(first.classId, students.slice(0, 3));
    await putOnRegister(second.classId, students.slice(0, 1));
    // Same day, later time: nothing moves.
    await testDb.db.updateTable('classes').set({ startsAt: at('2026-10-05T15:00:00Z'), endsAt: at('2026-10-05T16:00:00Z') })
      .where('classId', '=', first.classId).execute();
    expect((await kept())['2026-10-05']).toEqual({ classes: 1, lines: 3 });
    // The whole series a week later.
    await sql`update classes set starts_at = starts_at + interval '7 days', ends_at = ends_at + interval '7 days'
      where class_series_id = ${first.classSeriesId}`.execute(testDb.db);
    const days = await kept();
    expect(days['2026-10-05']).toBeUndefined();
    expect(days['2026-10-12']).toEqual({ classes: 1, lines: 3 });
    expect(days['2026-10-13']).toEqual({ classes: 1, lines: 1 });
    await expectKeptEqualsCounted();
  });

  it('takes a deleted class off its day with its register, one class or a whole series', async () => {
    const one = await addClass('2026-11-02T09:00:00Z');
    const two = await addClass('2026-11-03T09:00:00Z', one.classSeriesId);
    const other = await addClass('2026-11-03T11:00:00Z');
    for (const c of [one, two, other]) await putOnRegister(c.classId, students.slice(0, 2));
    await testDb.db.deleteFrom('classes').where('classId', '=', other.classId).execute();
    expect((await kept())['2026-11-03']).toEqual({ classes: 1, lines: 2 });
    await testDb.db.deleteFrom('classes').where('classSeriesId', '=', one.classSeriesId).execute();
    const days = await kept();
    expect(days['2026-11-02']).toBeUndefined();
    expect(days['2026-11-03']).toBeUndefined();
    await expectKeptEqualsCounted();
  });

  it('follows a course deleted with its classes, and enrolment writing the registers of many classes at once', async () => {
    const course = await createCourse(testDb.db);
    const first = await createClass(testDb.db, { ...teacher, courseId: course.courseId, startsAt: at('2026-12-07T09:00:00Z') });
    const second = await createClass(testDb.db, { ...teacher, courseId: course.courseId, startsAt: at('2026-12-08T09:00:00Z'), classSeriesId: first.classSeriesId });
    await enrol(testDb.db, course.courseId, students[3]!, { classIds: [first.classId, second.classId] });
    expect((await kept())['2026-12-08']).toEqual({ classes: 1, lines: 1 });
    await testDb.db.deleteFrom('enrolments').where('courseId', '=', course.courseId).execute();
    await testDb.db.deleteFrom('courses').where('courseId', '=', course.courseId).execute();
    expect((await kept())['2026-12-08']).toBeUndefined();
    await expectKeptEqualsCounted();
  });
});

// Two writers at once need two connections: PostgreSQL only (PGlite has one).
describe.runIf(inject('postgres') !== null)('class_day_totals under concurrent writers', () => {
  let second: DbHandle;

  beforeAll(() => {
    second = createPostgresDb(testDb.url as string, 2);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('count the lines of both when two transactions add registers on the same day at once', async () => {
    const a = await addClass('2027-03-01T09:00:00Z');
    const b = await addClass('2027-03-01T11:00:00Z');
    let release: () => void = () => undefined;
    const holds = new Promise<void>((resolve) => { release = resolve; });
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => { wrote = resolve; });
    const first = testDb.db.transaction().execute(async (trx) => {
      await trx.insertInto('classAttendance').values(students.map((studentId) => ({ classId: a.classId, studentId, statusId: 1 }))).execute();
      wrote();
      await holds;
    });
    await written;
    const secondWrite = second.db.insertInto('classAttendance').values(students.slice(0, 2).map((studentId) => ({ classId: b.classId, studentId, statusId: 1 }))).execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, secondWrite]);
    expect((await kept())['2027-03-01']).toEqual({ classes: 2, lines: 6 });
    await expectKeptEqualsCounted();
  });

  it('let a line be marked while another transaction is adding registers on its day', async () => {
    const a = await addClass('2027-03-08T09:00:00Z');
    const b = await addClass('2027-03-08T11:00:00Z');
    await putOnRegister(a.classId, students.slice(0, 1));
    let release: () => void = () => undefined;
    const holds = new Promise<void>((resolve) => { release = resolve; });
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => { wrote = resolve; });
    const enrolling = testDb.db.transaction().execute(async (trx) => {
      await trx.insertInto('classAttendance').values({ classId: b.classId, studentId: students[0]!, statusId: 1 }).execute();
      wrote();
      await holds;
    });
    await written;
    try {
      // Would wait for the enrolment (and fail here) if marking took the day's row.
      await second.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '2s'`.execute(trx);
        await trx.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', a.classId).execute();
      });
    } finally {
      release();
      await enrolling;
    }
    await expectKeptEqualsCounted();
  });
});
