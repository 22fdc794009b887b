import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { createClass, createCourse, createTeacherWithRate, daysFromNow, markPaid } from '../helpers/scheduling-factories.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// course_class_totals is kept by triggers on classes (migration 2026_11_22_001300) and the dashboard
// counts trust it. Every way a class changes must leave each course's kept totals equal to a count
// of its classes made here, directly.

let testDb: TestDb;
let teacher: { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  testDb = await createTestDb();
  teacher = await createTeacherWithRate(testDb.db);
});

afterAll(async () => {
  await testDb?.close();
});

interface Totals {
  classCount: number;
  classMinutes: number;
  lastStartsAt: string | null;
  /** The starts of the last 8 classes, latest first. */
  closingStarts: string[];
}

async function kept(courseId: number): Promise<Totals | undefined> {
  const row = await testDb.db.selectFrom('courseClassTotals').select(['classCount', 'classMinutes', 'lastStartsAt', 'closingStarts'])
    .where('courseId', '=', courseId).executeTakeFirst();
  return row && {
    ...row,
    lastStartsAt: row.lastStartsAt === null ? null : new Date(row.lastStartsAt).toISOString(),
    closingStarts: row.closingStarts.map((at) => new Date(at).toISOString()),
  };
}

async function counted(courseId: number): Promise<Totals> {
  const { rows } = await sql<{ n: number; minutes: number; last: Date | null }>`
    select count(*)::int as n, coalesce(sum(class_length), 0)::int as minutes, max(starts_at) as last
    from classes where course_id = ${courseId}`.execute(testDb.db);
  const row = rows[0] as { n: number; minutes: number; last: Date | null };
  const starts = await testDb.db.selectFrom('classes').select('startsAt').where('courseId', '=', courseId)
    .orderBy('startsAt', 'desc').limit(8).execute();
  return {
    classCount: row.n, classMinutes: row.minutes, lastStartsAt: row.last === null ? null : new Date(row.last).toISOString(),
    closingStarts: starts.map((s) => new Date(s.startsAt).toISOString()),
  };
}

async function expectKeptEqualsCounted(...courseIds: number[]) {
  for (const courseId of courseIds) expect(await kept(courseId), `course ${courseId}`).toEqual(await counted(courseId));
}

const newCourse = async () => (await createCourse(testDb.db)).courseId;
const addClass = (courseId: number, days: number, classLength = 60) =>
  createClass(testDb.db, { ...teacher, courseId, startsAt: daysFromNow(days), classLength });

describe('kept per-course class totals', () => {
  it('count a new class, its minutes and the latest start', async () => {
    const courseId = await newCourse();
    await addClass(courseId, -3, 90);
    await addClass(courseId, 5, 45);
    expect(await kept(courseId)).toEqual({ classCount: 2, classMinutes: 135, lastStartsAt: daysFromNow(5).toISOString(), closingStarts: [daysFromNow(5).toISOString(), daysFromNow(-3).toISOString()] });
    await expectKeptEqualsCounted(courseId);
  });

  it('count every class of a many-row insert, across courses', async () => {
    const [a, b] = [await newCourse(), await newCourse()];
    const { classSeriesId } = await addClass(a, 1);
    const rows = [a, a, b, a, b].map((courseId, i) => ({
      classSeriesId, courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId,
      startsAt: daysFromNow(10 + i), endsAt: new Date(daysFromNow(10 + i).getTime() + 30 * 60_000), classLength: 30,
    }));
    await testDb.db.insertInto('classes').values(rows).execute();
    expect((await kept(a))?.classCount).toBe(4);
    expect((await kept(b))?.classCount).toBe(2);
    await expectKeptEqualsCounted(a, b);
  });

  it('follow a change of length and of start', async () => {
    const courseId = await newCourse();
    const { classId } = await addClass(courseId, 2, 60);
    await addClass(courseId, 4, 60);
    await testDb.db.updateTable('classes').set({ classLength: 120, startsAt: daysFromNow(9), endsAt: daysFromNow(9, 11) }).where('classId', '=', classId).execute();
    expect(await kept(courseId)).toEqual({ classCount: 2, classMinutes: 180, lastStartsAt: daysFromNow(9).toISOString(), closingStarts: [daysFromNow(9).toISOString(), daysFromNow(4).toISOString()] });
    await expectKeptEqualsCounted(courseId);
  });

  it('follow a class moved to another course, on both courses', async () => {
    const [from, to] = [await newCourse(), await newCourse()];
    const { classId } = await addClass(from, 20, 75);
    await addClass(from, 1, 60);
    await addClass(to, 3, 60);
    await testDb.db.updateTable('classes').set({ courseId: to }).where('classId', '=', classId).execute();
    expect(await kept(from)).toEqual({ classCount: 1, classMinutes: 60, lastStartsAt: daysFromNow(1).toISOString(), closingStarts: [daysFromNow(1).toISOString()] });
    expect(await kept(to)).toEqual({ classCount: 2, classMinutes: 135, lastStartsAt: daysFromNow(20).toISOString(), closingStarts: [daysFromNow(20).toISOString(), daysFromNow(3).toISOString()] });
    await expectKeptEqualsCounted(from, to);
  });

  it('do not change when a class is marked, paid or unmarked (status only)', async () => {
    const courseId = await newCourse();
    const { classId } = await addClass(courseId, -2, 60);
    const before = await kept(courseId);
    const setStatus = (statusId: number) => testDb.db.updateTable('classes').set({ statusId, paymentHeaderId: null }).where('classId', '=', classId).execute();
    await setStatus(3);
    expect(await kept(courseId)).toEqual(before);
    await markPaid(testDb.db, classId);
    expect(await kept(courseId)).toEqual(before);
    await setStatus(3);
    await setStatus(1);
    expect(await kept(courseId)).toEqual(before);
    await expectKeptEqualsCounted(courseId);
  });

  it('drop a deleted class, and come back to zero and no last class when none is left', async () => {
    const courseId = await newCourse();
    const first = await addClass(courseId, -1, 60);
    const last = await addClass(courseId, 7, 90);
    await testDb.db.deleteFrom('classes').where('classId', '=', last.classId).execute();
    expect(await kept(courseId)).toEqual({ classCount: 1, classMinutes: 60, lastStartsAt: daysFromNow(-1).toISOString(), closingStarts: [daysFromNow(-1).toISOString()] });
    await testDb.db.deleteFrom('classes').where('classId', '=', first.classId).execute();
    expect(await kept(courseId)).toEqual({ classCount: 0, classMinutes: 0, lastStartsAt: null, closingStarts: [] });
  });

  it('keep the starts of the last 8 classes only, latest first, as classes come and go', async () => {
    const courseId = await newCourse();
    for (const days of [3, -5, 12, 1, 30, -2, 7, 20, 15, 9]) await addClass(courseId, days);
    expect((await kept(courseId))?.closingStarts).toEqual([daysFromNow(30).toISOString(), daysFromNow(20).toISOString(), daysFromNow(15).toISOString(), daysFromNow(12).toISOString(), daysFromNow(9).toISOString(), daysFromNow(7).toISOString(), daysFromNow(3).toISOString(), daysFromNow(1).toISOString()]);
    const latest = await testDb.db.selectFrom('classes').select('classId').where('courseId', '=', courseId)
      .orderBy('startsAt', 'desc').executeTakeFirstOrThrow();
    await testDb.db.deleteFrom('classes').where('classId', '=', latest.classId).execute();
    expect((await kept(courseId))?.closingStarts).toEqual([daysFromNow(20).toISOString(), daysFromNow(15).toISOString(), daysFromNow(12).toISOString(), daysFromNow(9).toISOString(), daysFromNow(7).toISOString(), daysFromNow(3).toISOString(), daysFromNow(1).toISOString(), daysFromNow(-2).toISOString()]);
    await expectKeptEqualsCounted(courseId);
  });

  it('go with their course when the course is deleted (its classes cascade)', async () => {
    const courseId = await newCourse();
    await addClass(courseId, 1);
    await testDb.db.deleteFrom('courses').where('courseId', '=', courseId).execute();
    expect(await kept(courseId)).toBeUndefined();
  });

  it('follow a series deleted with its classes', async () => {
    const courseId = await newCourse();
    const { classSeriesId } = await addClass(courseId, 1);
    await createClass(testDb.db, { ...teacher, courseId, classSeriesId, startsAt: daysFromNow(8) });
    await addClass(courseId, 3, 50);
    await testDb.db.deleteFrom('classSeries').where('classSeriesId', '=', classSeriesId).execute();
    expect(await kept(courseId)).toEqual({ classCount: 1, classMinutes: 50, lastStartsAt: daysFromNow(3).toISOString(), closingStarts: [daysFromNow(3).toISOString()] });
  });
});

// Two writers at once need two connections: PostgreSQL only (PGlite has one).
describe.runIf(inject('postgres') !== null)('kept totals under concurrent writers', () => {
  let second: DbHandle;

  beforeAll(() => {
    second = createPostgresDb(testDb.url as string, 2);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('count both classes when two transactions add one to the same course at once', async () => {
    const courseId = await newCourse();
    const { classSeriesId } = await addClass(courseId, 1);
    const row = (days: number) => ({
      classSeriesId, courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId,
      startsAt: daysFromNow(days), endsAt: daysFromNow(days, 10), classLength: 60,
    });
    let releaseFirst: () => void = () => undefined;
    const firstHolds = new Promise<void>((resolve) => { releaseFirst = resolve; });
    let firstInserted: () => void = () => undefined;
    const inserted = new Promise<void>((resolve) => { firstInserted = resolve; });
    const first = testDb.db.transaction().execute(async (trx) => {
      await trx.insertInto('classes').values(row(2)).execute();
      firstInserted();
      await firstHolds;
    });
    await inserted;
    // The second writer queues on the course's totals until the first commits, then counts its class too.
    const secondWrite = second.db.insertInto('classes').values(row(3)).execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();
    await Promise.all([first, secondWrite]);
    expect((await kept(courseId))?.classCount).toBe(3);
    await expectKeptEqualsCounted(courseId);
  });

  it('let a class be marked while another transaction is adding classes to its course', async () => {
    const courseId = await newCourse();
    const { classId, classSeriesId } = await addClass(courseId, -1);
    let release: () => void = () => undefined;
    const holds = new Promise<void>((resolve) => { release = resolve; });
    let adding: () => void = () => undefined;
    const added = new Promise<void>((resolve) => { adding = resolve; });
    const generator = testDb.db.transaction().execute(async (trx) => {
      await trx.insertInto('classes').values({
        classSeriesId, courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId,
        startsAt: daysFromNow(6), endsAt: daysFromNow(6, 10), classLength: 60,
      }).execute();
      adding();
      await holds;
    });
    await added;
    try {
      // Would wait for the generator (and fail here) if marking took the totals row.
      await second.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '2s'`.execute(trx);
        await trx.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId).execute();
      });
    } finally {
      release();
      await generator;
    }
    await expectKeptEqualsCounted(courseId);
  });
});
