import type { CountStats } from '@rollbook/shared-types/dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { countedDirectly } from './tiles-counted-directly.js';

// The count tiles read facts kept per course (course_class_totals): "classes remaining" as the
// moment the course reached 3. Courses built on each edge of those shortcuts, against the tiles'
// definitions written directly over the classes (tiles-counted-directly.ts).

const ctx = useTestApp();
let cast: Cast;
let teacher: { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  teacher = await createTeacherWithRate(ctx.db);
});

async function countStats(): Promise<CountStats> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/reports/GetCountStats', headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CountStats;
}

/** A course of `duration` classes of 60 minutes with classes `past` days ago and `future` days ahead. */
async function courseWith(duration: number, past: number, future: number, statusId = 2) {
  const { courseId } = await createCourse(ctx.db, { duration, classLengthTemplate: 60, statusId });
  for (let i = 1; i <= past; i++) await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-i), statusId: 3 });
  for (let i = 1; i <= future; i++) await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(i * 5) });
  return courseId;
}

describe('count tiles on the edges of their shortcuts', () => {
  it('count classes remaining exactly: 3 left counts, 4 left does not, with or without classes to come', async () => {
    const before = await countStats();
    await courseWith(5, 2, 3); // 3 remaining, 3 to come: counts
    await courseWith(5, 1, 4); // 4 remaining: does not
    await courseWith(6, 2, 5); // over-generated (7 of 6), 4 remaining: does not
    await courseWith(6, 3, 5); // over-generated (8 of 6), 3 remaining: counts
    await courseWith(3, 0, 0); // no classes at all, 3 remaining: counts
    await courseWith(4, 0, 0); // no classes at all, 4 remaining: does not
    await courseWith(10, 8, 0, 3); // completed, all held, 2 remaining: counts
    await courseWith(10, 4, 0); // all held but only 4 of 10 generated: does not
    await courseWith(5, 2, 1); // 3 remaining though only one class is to come: counts
    await courseWith(3, 0, 0, 1); // a draft never counts
    // Over-generated past the closing starts the totals keep (8), so the classes are walked:
    await courseWith(5, 3, 9); // 12 of 5, 2 remaining: counts
    await courseWith(4, 0, 10); // 10 of 4, none held, 4 remaining: does not
    const after = await countStats();
    expect(after.lessThanThreeClassesRemaining - before.lessThanThreeClassesRemaining).toBe(6);
    expect(after).toEqual(await countedDirectly(ctx.db));
  });

  it('count time discrepancies and expiring courses from the kept totals, as classes change', async () => {
    const growing = await courseWith(4, 1, 2); // 3 of 4 generated: a discrepancy; last class in 10 days: expiring
    expect(await countStats()).toEqual(await countedDirectly(ctx.db));
    const { classId } = await createClass(ctx.db, { ...teacher, courseId: growing, startsAt: daysFromNow(60) });
    expect(await countStats()).toEqual(await countedDirectly(ctx.db));
    await ctx.db.updateTable('classes').set({ classLength: 90, endsAt: new Date(daysFromNow(60).getTime() + 90 * 60_000) }).where('classId', '=', classId).execute();
    expect(await countStats()).toEqual(await countedDirectly(ctx.db));
    await ctx.db.deleteFrom('classes').where('classId', '=', classId).execute();
    expect(await countStats()).toEqual(await countedDirectly(ctx.db));
  });
});
