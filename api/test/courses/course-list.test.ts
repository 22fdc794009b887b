import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, enrol, markPaid, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;
const ids: Record<string, number> = {};
let subjectOfBusy = 0;
let companyOfBusy = 0;
let teacherA: { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  teacherA = await createTeacherWithRate(db);
  const teacherB = await createTeacherWithRate(db);

  // "busy": 10 × 60 bought; 3 held (one Marked, one Paid, one unmarked), 2 to come, one of 90 minutes.
  const busy = await createCourse(db, { title: 'Busy Business English', startDate: '2026-01-05', endDate: '2026-06-30' });
  ids.busy = busy.courseId;
  subjectOfBusy = busy.subjectId;
  companyOfBusy = busy.companyId as number;
  const marked = await createClass(db, { ...teacherA, courseId: busy.courseId, startsAt: daysFromNow(-20), statusId: 3 });
  const paid = await createClass(db, { ...teacherA, courseId: busy.courseId, startsAt: daysFromNow(-13) });
  await markPaid(db, paid.classId);
  await createClass(db, { ...teacherB, courseId: busy.courseId, startsAt: daysFromNow(-6), classLength: 90 });
  await createClass(db, { ...teacherA, courseId: busy.courseId, startsAt: daysFromNow(1) });
  await createClass(db, { ...teacherA, courseId: busy.courseId, startsAt: daysFromNow(30) });
  void marked;
  const s = await Promise.all([1, 2, 3, 4].map(() => createStudent(db)));
  await enrol(db, busy.courseId, s[0]!.studentId);
  await enrol(db, busy.courseId, s[1]!.studentId);
  await enrol(db, busy.courseId, s[2]!.studentId, { statusId: 2 });
  await enrol(db, busy.courseId, s[3]!.studentId, { statusId: 3 });

  // "matched": everything generated (2 × 60), last class 5 days ago.
  ids.matched = (await createCourse(db, { title: 'Matched French', duration: 2, statusId: 3, startDate: '2026-02-01', endDate: '2026-03-01' })).courseId;
  await createClass(db, { ...teacherB, courseId: ids.matched, startsAt: daysFromNow(-12), statusId: 3 });
  await createClass(db, { ...teacherB, courseId: ids.matched, startsAt: daysFromNow(-5), statusId: 3 });

  ids.draft = (await createCourse(db, { title: 'Draft German', statusId: 1, startDate: '2027-01-04', endDate: '2027-02-01' })).courseId;
  ids.archived = (await createCourse(db, { title: 'Archived Italian', statusId: 4, startDate: '2025-01-06', endDate: '2025-02-01' })).courseId;
  // Ends in 10 days: expiring.
  ids.ending = (await createCourse(db, { title: 'Ending Spanish', duration: 1 })).courseId;
  await createClass(db, { ...teacherB, courseId: ids.ending, startsAt: daysFromNow(10) });
});

const list = async (query = '') => {
  const res = await ctx.app.inject({ url: `/api/courses/getall${query}`, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().courses as { courseId: number; [k: string]: unknown }[];
};
const idsOf = async (query: string) => (await list(query)).map((c) => c.courseId).sort((a, b) => a - b);
const sorted = (...names: string[]) => names.map((n) => ids[n] as number).sort((a, b) => a - b);

describe('GET /api/courses/getall figures', () => {
  it('derives the figures of spec §3/§4 from the classes and enrolments', async () => {
    const busy = (await list()).find((c) => c.courseId === ids.busy);
    expect(busy).toMatchObject({
      duration: 10, classLengthTemplate: 60, durationMinutes: 600,
      totalClasses: 5, totalClassLength: 330, timeDiscrepancy: 270,
      takenPlace: 3, classesRemaining: 7, minsRemaining: 390, percentageComplete: 30,
      markedCount: 2, classesUnmarked: 1, hasUnMarkedClasses: true,
      enrolledCount: 2, enquiredCount: 1, waitingCount: 1, hasClone: false,
    });
    expect(busy?.expiringDateString).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(String(busy?.teacher).split(', ')).toHaveLength(2);
  });

  it('shows a course without classes as all remaining and never divides by zero', async () => {
    const draft = (await list()).find((c) => c.courseId === ids.draft);
    expect(draft).toMatchObject({ totalClasses: 0, takenPlace: 0, classesRemaining: 10, percentageComplete: 0, expiringDateString: '', teacher: '' });
  });
});

describe('GET /api/courses/getall filters', () => {
  it('lists every status when statusId is absent or -1', async () => {
    expect(await idsOf('')).toEqual(sorted('busy', 'matched', 'draft', 'archived', 'ending'));
    expect(await idsOf('?statusId=-1&cb=123')).toEqual(sorted('busy', 'matched', 'draft', 'archived', 'ending'));
  });

  it.each([
    ['a title substring whatever its case', '?title=gERMan', ['draft']],
    ['the status', '?statusId=1', ['draft']],
    ['courses starting on or after a date', '?startDate=1/1/2027', ['draft']],
    ['courses ending on or before a date', '?endDate=1/3/2026', ['matched', 'archived']],
    ['classes remaining at most 0', '?classesRemaining=0', ['matched']],
    ['classes remaining at most 8', '?classesRemaining=8', ['busy', 'matched', 'ending']],
    ['time discrepancies', '?showClassCountErrors=True', ['busy', 'draft', 'archived']],
    ['courses expiring or expired', '?expiredClasses=true', ['matched', 'ending']],
    ['Active and Completed only', '?showOnlyActiveAndCompleted=True', ['busy', 'matched', 'ending']],
    ['no drafts and no archived courses', '?excludeDraft=true&excludeArchived=true', ['busy', 'matched', 'ending']],
  ])('filters by %s', async (_case, query, expected) => {
    expect(await idsOf(query)).toEqual(sorted(...expected));
  });

  it('filters by subject, company and teacher', async () => {
    expect(await idsOf(`?subjectId=${subjectOfBusy}`)).toEqual(sorted('busy'));
    expect(await idsOf(`?companyId=${companyOfBusy}`)).toEqual(sorted('busy'));
    expect(await idsOf(`?teacherId=${teacherA.teacherId}`)).toEqual(sorted('busy'));
  });

  it('refuses a malformed filter with a readable 400', async () => {
    const res = await ctx.app.inject({ url: '/api/courses/getall?startDate=31/2/2026', headers: cast.headers.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter a valid date as d/m/yyyy');
  });

  it('answers in one query fast enough for thousands of courses', async () => {
    const db = ctx.db;
    const { subjectId, courseLevelId, companyId } = await createCourse(db);
    await db.insertInto('courses').values(Array.from({ length: 4000 }, (_, i) => ({
      title: `Bulk ${i}`, subjectId, courseLevelId, courseTypeId: 1, companyId, duration: 10, classLengthTemplate: 60, courseStatusId: 2,
    }))).execute();
    const started = Date.now();
    const courses = await list('?excludeArchived=true');
    expect(courses.length).toBeGreaterThan(4000);
    expect(Date.now() - started).toBeLessThan(5000);
    await db.deleteFrom('courses').where('title', 'like', 'Bulk %').execute();
  });
});
