import { CLASS_LIST_LIMIT } from '@rollbook/shared-types/classes';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCourse, createRate, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// GetByFilter answers at most CLASS_LIST_LIMIT classes in one statement and counts the rest only
// when the page is full: the total must still be every matching class, and the page the first ones.

const ctx = useTestApp();
let cast: Cast;
let courseId = 0;
const BEYOND = CLASS_LIST_LIMIT + 3;
const FIRST_START = new Date('2031-01-06T09:00:00Z');

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  const teacherRateId = await createRate(db, cast.teacherId);
  ({ courseId } = await createCourse(db, { title: 'Long Course' }));
  const { classSeriesId } = await createClass(db, { courseId, teacherId: cast.teacherId, teacherRateId, startsAt: FIRST_START });
  // The rest of the series, an hour apart, in one statement (newest first, so insertion order is not start order).
  await sql`insert into classes (class_series_id, course_id, teacher_id, teacher_rate_id, starts_at, ends_at, class_length, status_id)
    select ${classSeriesId}, ${courseId}, ${cast.teacherId}, ${teacherRateId},
      ${FIRST_START}::timestamptz + make_interval(hours => n), ${FIRST_START}::timestamptz + make_interval(hours => n, mins => 60), 60, 1
    from generate_series(${BEYOND - 1}, 1, -1) n`.execute(db);
});

const list = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?${query}`, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { classes: { classId: number; startsAt: string }[]; total: number };
};

describe('GET /api/classes/GetByFilter beyond one page', () => {
  it('answers the first classes by start and counts every match', async () => {
    const body = await list(`courseId=${courseId}`);
    expect(body.total).toBe(BEYOND);
    expect(body.classes).toHaveLength(CLASS_LIST_LIMIT);
    expect(body.classes[0]?.startsAt).toBe(FIRST_START.toISOString());
    const starts = body.classes.map((c) => Date.parse(c.startsAt));
    expect(starts.every((t, i) => i === 0 || t > (starts[i - 1] ?? 0))).toBe(true);
    expect(starts.at(-1)).toBe(FIRST_START.getTime() + (CLASS_LIST_LIMIT - 1) * 3_600_000);
  });

  it('counts with the filters applied: a date range of one day is its classes only', async () => {
    const body = await list(`courseId=${courseId}&startDate=06/01/2031&endDate=06/01/2031`);
    // 09:00 to 23:00 UTC on a winter day is London 09:00 to 23:00: 15 classes.
    expect(body.total).toBe(15);
    expect(body.classes).toHaveLength(15);
  });
});
