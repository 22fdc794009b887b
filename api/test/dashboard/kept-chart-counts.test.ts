import { migrations } from '@rollbook/migrations';
import { sql, type Kysely, type Updateable } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DB } from '../../src/db/database.js';
import { londonDate, londonInstant } from '../../src/lib/london-time.js';
import { subjectPercentages } from '../../src/modules/dashboard/dashboard.service.js';
import { createStudent } from '../helpers/factories.js';
import { createClass, createClasses, createCourse, createSubjectAndLevel, createTeacherWithRate, daysFromNow, markPaid } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { chartsCountedDirectly, chartsKept } from './charts-counted-directly.js';

// The dashboard's charts read counts kept by triggers (migration 2026_12_07_100000): classes that
// teach per London day and subject, students per month of joining. Here the kept counts equal their
// definitions after every kind of change a school makes, and concurrent writers neither lose a
// count nor make a teacher's mark wait.

const ctx = useTestApp();
let teacher: { teacherId: number; teacherRateId: number };
const MINUTE = 60_000;

async function expectExact(db: Kysely<DB> = ctx.db) {
  expect(await chartsKept(db)).toEqual(await chartsCountedDirectly(db));
}

class RolledBack extends Error {}
async function inRolledBackTransaction(work: (trx: Kysely<DB>) => Promise<void>) {
  await expect(ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    throw new RolledBack();
  })).rejects.toBeInstanceOf(RolledBack);
}

const setClass = (classId: number, values: Updateable<DB['classes']>) =>
  ctx.db.updateTable('classes').set(values).where('classId', '=', classId).execute();

beforeAll(async () => {
  teacher = await createTeacherWithRate(ctx.db);
  const { courseId } = await createCourse(ctx.db);
  await createClasses(ctx.db, { ...teacher, courseId, starts: [daysFromNow(-40), daysFromNow(-3), daysFromNow(-3, 15), daysFromNow(2), daysFromNow(70)] });
  for (const joined of [-400, -40, -1, 0]) {
    const { studentId } = await createStudent(ctx.db);
    await ctx.db.updateTable('students').set({ joinedAt: daysFromNow(joined) }).where('studentId', '=', studentId).execute();
  }
});

describe('the kept chart counts', () => {
  it('hold what was there when the migration counted it', async () => {
    await expectExact();
    // Counted again from scratch over the same rows, they come out the same.
    await inRolledBackTransaction(async (trx) => {
      const migration = migrations['2026_12_07_100000_dashboard_chart_counts']!;
      await migration.down!(trx);
      await migration.up(trx);
      await expectExact(trx);
    });
  });

  it('equal their definitions after each kind of change to classes and courses', async () => {
    const course = await createCourse(ctx.db);
    const { classIds: [a, b, c] } = await createClasses(ctx.db, { ...teacher, courseId: course.courseId, starts: [daysFromNow(-1), daysFromNow(5), daysFromNow(9)] });
    await expectExact();
    // Marked and settled: no figure moves (and no trigger runs).
    await setClass(a!, { statusId: 3 });
    const settled = await createCourse(ctx.db);
    await markPaid(ctx.db, (await createClass(ctx.db, { ...teacher, courseId: settled.courseId, startsAt: daysFromNow(-6), statusId: 3 })).classId);
    await expectExact();
    // Across London midnight to the next day, then an hour on the same day.
    const late = londonInstant('2026-12-15', '23:30');
    await setClass(b!, { startsAt: late, endsAt: new Date(late.getTime() + 60 * MINUTE) });
    await expectExact();
    const nextDay = londonInstant('2026-12-16', '00:30');
    await setClass(b!, { startsAt: nextDay, endsAt: new Date(nextDay.getTime() + 60 * MINUTE) });
    await expectExact();
    // Archived and Suspended leave the counts; back to Scheduled they return.
    await setClass(c!, { statusId: 4 });
    await expectExact();
    await setClass(c!, { statusId: 5 });
    await setClass(b!, { classLength: 90 });
    await expectExact();
    await setClass(c!, { statusId: 1 });
    await expectExact();
    // Put on a course of another subject; the course given another subject takes its classes along.
    const other = await createCourse(ctx.db);
    await setClass(c!, { courseId: other.courseId });
    await expectExact();
    const { subjectId } = await createSubjectAndLevel(ctx.db);
    await ctx.db.updateTable('courses').set({ subjectId }).where('courseId', '=', course.courseId).execute();
    await expectExact();
    // Deleted: a class, a series with its classes, a course with its classes (by cascade).
    await ctx.db.deleteFrom('classes').where('classId', '=', a!).execute();
    await expectExact();
    const series = await createClasses(ctx.db, { ...teacher, courseId: other.courseId, starts: [daysFromNow(1), daysFromNow(8)] });
    await ctx.db.deleteFrom('classSeries').where('classSeriesId', '=', series.classSeriesId).execute();
    await expectExact();
    await ctx.db.deleteFrom('courses').where('courseId', '=', course.courseId).execute();
    await expectExact();
  });

  it('equal their definitions after students join, move month and leave', async () => {
    const added = await ctx.db.insertInto('students')
      .values([1, 2, 3].map((i) => ({ firstName: 'Bulk', lastName: `Joiner ${i}`, email: `bulk-${i}-${Date.now()}@example.test` })))
      .returning('studentId').execute();
    await expectExact();
    await ctx.db.updateTable('students').set({ joinedAt: daysFromNow(-200) }).where('studentId', '=', added[0]!.studentId).execute();
    await expectExact();
    // Within its month: nothing to move.
    await ctx.db.updateTable('students').set({ joinedAt: daysFromNow(-200, 15) }).where('studentId', '=', added[0]!.studentId).execute();
    await ctx.db.deleteFrom('students').where('studentId', 'in', added.map((s) => s.studentId)).execute();
    await expectExact();
  });

  it('hold nothing of a table emptied by truncate', async () => {
    await inRolledBackTransaction(async (trx) => {
      await sql`truncate courses cascade`.execute(trx);
      expect((await chartsKept(trx)).classes).toEqual({});
      await sql`truncate students cascade`.execute(trx);
      expect(await chartsKept(trx)).toEqual({ classes: {}, students: {} });
      await expectExact(trx);
    });
  });

  it('give the subject breakdown the classes held up to the minute, today\'s included', async () => {
    const { courseId, subjectId } = await createCourse(ctx.db);
    const now = new Date();
    const count = async () => (await subjectPercentages(ctx.db, now)).subjects.find((s) => s.subjectId === subjectId)?.subjectCountYtd ?? 0;
    // A minute ago counts (read live if today, kept if London's midnight has just passed); in a minute does not.
    await createClass(ctx.db, { ...teacher, courseId, startsAt: new Date(now.getTime() - MINUTE) });
    await createClass(ctx.db, { ...teacher, courseId, startsAt: new Date(now.getTime() + MINUTE) });
    const sameYear = londonDate(new Date(now.getTime() - MINUTE)).slice(0, 4) === londonDate(now).slice(0, 4);
    expect(await count()).toBe(sameYear ? 1 : 0);
  });
});

// Two connections at once: PGlite is one session.
describe.runIf(inject('postgres') !== null)('writers at once', () => {
  it('add up on one day and subject, neither count lost', async () => {
    const { courseId } = await createCourse(ctx.db);
    const day = daysFromNow(12);
    await Promise.all([0, 1, 2].map((i) => ctx.db.transaction().execute(async (trx) => {
      await createClass(trx, { ...teacher, courseId, startsAt: new Date(day.getTime() + i * 60 * MINUTE) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    })));
    await expectExact();
  });

  it('never make a teacher\'s mark wait for a long transaction that added a class on the same day', async () => {
    const { courseId } = await createCourse(ctx.db);
    const { classId } = await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-2) });
    await ctx.db.transaction().execute(async (long) => {
      await createClass(long, { ...teacher, courseId, startsAt: daysFromNow(-2, 14) });
      await ctx.db.transaction().execute(async (mark) => {
        await sql`set local lock_timeout = '200ms'`.execute(mark);
        await mark.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId).execute();
      });
    });
    await expectExact();
  });
});
