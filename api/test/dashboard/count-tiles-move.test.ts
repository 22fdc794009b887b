import type { CountStats } from '@rollbook/shared-types/dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCast, createClass, createCompany, createCourse, createSubjectAndLevel, createTeacherWithRate, daysFromNow, enrol, type Cast,
} from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { countedDirectly, NO_TILES } from './tiles-counted-directly.js';

// The tiles read facts kept by triggers in the same transaction as each change (course status,
// duration, classes added, moved, deleted, marked) and, for what changes with the clock alone,
// ranges over the moment a class ends or a course reaches 3 classes left. Each kind of change, made
// through the API where the API makes it, moves exactly the tiles it should, and after each the
// five numbers equal the tiles' definitions counted directly over the classes.

const ctx = useTestApp();
let cast: Cast;
let teacher: { teacherId: number; teacherRateId: number };
let form: Record<string, unknown>;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  teacher = await createTeacherWithRate(ctx.db);
  const { subjectId, courseLevelId } = await createSubjectAndLevel(ctx.db, 'Tiles');
  const { companyId, addressId } = await createCompany(ctx.db, { code: 'TILE' });
  form = {
    title: 'Tiles course', description: 'Weekly group', typeId: 1, subjectId, courseLevelId, companyId, addressId,
    startDateString: '5/1/2027', endDateString: '30/6/2027', duration: '10', classLengthTemplate: 60, price: '450',
  };
});

async function countStats(): Promise<CountStats> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/reports/GetCountStats', headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CountStats;
}

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method, url, headers: cast.headers.admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs a change and expects the tiles to move by `moves` (the others by 0) and to equal the direct counts. */
async function expectMoves(change: () => Promise<unknown>, moves: Partial<CountStats>) {
  const before = await countStats();
  await change();
  const after = await countStats();
  const moved = Object.fromEntries(Object.keys(NO_TILES).map((k) => [k, after[k as keyof CountStats] - before[k as keyof CountStats]]));
  expect(moved).toEqual({ ...NO_TILES, ...moves });
  expect(after).toEqual(await countedDirectly(ctx.db));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('each tile moves with each kind of change', () => {
  it('follows a course from Draft through edits, classes, marking and completion', async () => {
    let courseId = 0;
    await expectMoves(async () => { courseId = (await call('POST', '/api/courses/upsert', form)).courseId; }, { draftCourseTotal: 1 });
    // 2 classes bought, none generated: 2 remaining (≤ 3), 120 minutes missing.
    await expectMoves(() => call('POST', '/api/courses/upsert', { ...form, courseId, duration: '2' }), {});
    await expectMoves(() => call('GET', `/api/courses/UpdateCourseStatus?courseId=${courseId}&courseStatusId=2`),
      { draftCourseTotal: -1, lessThanThreeClassesRemaining: 1, classCountErrorTotal: 1 });

    let pastClassId = 0;
    let nextClassId = 0;
    // A class that ended unmarked and one in 10 days: no minutes missing, the last class within 14 days.
    await expectMoves(async () => {
      pastClassId = (await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-2) })).classId;
      nextClassId = (await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(10) })).classId;
    }, { unmarkedClassTotal: 1, classCountErrorTotal: -1, expiredTotal: 1 });

    // 10 bought, 1 held: 9 remaining, 480 minutes missing.
    await expectMoves(() => call('POST', '/api/courses/upsert', { ...form, courseId, duration: '10' }), { lessThanThreeClassesRemaining: -1, classCountErrorTotal: 1 });
    const later = daysFromNow(60);
    const classDate = `${later.toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'numeric', year: 'numeric' })} 09:00`;
    await expectMoves(() => call('GET', `/api/classes/UpdateClassDate?classId=${nextClassId}&classDate=${encodeURIComponent(classDate)}`), { expiredTotal: -1 });

    await enrol(ctx.db, courseId, cast.studentId, { classIds: [pastClassId] });
    await expectMoves(() => call('POST', '/api/classes/UpdateClassAttendenceMultiple', [{ classId: pastClassId, studentId: cast.studentId, statusId: 2 }]),
      { unmarkedClassTotal: -1 });
    // The last class is now the one held 2 days ago.
    await expectMoves(() => call('GET', `/api/classes/deletebyid?id=${nextClassId}`), { expiredTotal: 1 });
    await expectMoves(() => call('GET', `/api/courses/UpdateCourseStatus?courseId=${courseId}&courseStatusId=3`), { classCountErrorTotal: -1, expiredTotal: -1 });
  });

  it('counts a class that ends, and a course that reaches 3 classes left, as the clock passes with no write', async () => {
    const { courseId } = await createCourse(ctx.db, { duration: 4, classLengthTemplate: 60, statusId: 2 });
    const startsAt = new Date(Date.now() + 1_500);
    await createClass(ctx.db, { ...teacher, courseId, startsAt: new Date(startsAt.getTime() + 30 * 86_400_000) });
    await createClass(ctx.db, { ...teacher, courseId, startsAt, classLength: 60 });
    // Ends 1.5 s from now: started an hour before, so it counts as held already.
    const { courseId: endingCourseId } = await createCourse(ctx.db, { duration: 20, classLengthTemplate: 60, statusId: 3 });
    await createClass(ctx.db, { ...teacher, courseId: endingCourseId, startsAt: new Date(Date.now() + 1_500 - 3_600_000) });
    const before = await countStats();
    expect(before).toEqual(await countedDirectly(ctx.db));
    await sleep(2_000);
    const after = await countStats();
    expect(after.lessThanThreeClassesRemaining - before.lessThanThreeClassesRemaining).toBe(1);
    expect(after.unmarkedClassTotal - before.unmarkedClassTotal).toBe(1);
    expect(after).toEqual(await countedDirectly(ctx.db));
  });
});
