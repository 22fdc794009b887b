import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dmy, londonDate, londonInstant, isoWeekday } from '../../src/lib/london-time.js';
import { createCast, createClass, createCourse, createRate, enrol, markPaid, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// 'Today' has a class still to come at 23:55 London time. In the last minutes of the day that
// can not hold (PostgreSQL's now() decides a class's status), so a run starting then waits for
// the next London day instead of failing at random.
const tomorrowStart = londonInstant(addDays(londonDate(new Date()), 1));
const lateNight = tomorrowStart.getTime() - Date.now() < 8 * 60_000;
if (lateNight) await new Promise((resolve) => setTimeout(resolve, tomorrowStart.getTime() - Date.now() + 5_000));

const ctx = useTestApp();
let cast: Cast;
const today = londonDate(new Date());
const at = (daysFromToday: number, time: string) => londonInstant(addDays(today, daysFromToday), time);
const c: Record<'today' | 'nextWeek' | 'yesterday' | 'marked' | 'paid', number> = { today: 0, nextWeek: 0, yesterday: 0, marked: 0, paid: 0 };
let courseX: Awaited<ReturnType<typeof createCourse>>;
let paymentHeaderId = 0;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  const rateA = await createRate(db, cast.teacherId);
  const rateB = await createRate(db, cast.teacher2Id);
  courseX = await createCourse(db, { title: 'Xylophone Conversation' });
  const courseY = await createCourse(db, { title: 'Yiddish Reading' });
  const a = { teacherId: cast.teacherId, teacherRateId: rateA, courseId: courseX.courseId };
  const b = { teacherId: cast.teacher2Id, teacherRateId: rateB, courseId: courseY.courseId };
  // Late tonight, so it is still to come whenever the tests run (bar the last five minutes of the day).
  c.today = (await createClass(db, { ...a, startsAt: at(0, '23:55'), classLength: 5 })).classId;
  c.nextWeek = (await createClass(db, { ...a, startsAt: at(7, '12:00') })).classId;
  c.yesterday = (await createClass(db, { ...b, startsAt: at(-1, '10:00') })).classId;
  c.marked = (await createClass(db, { ...b, startsAt: at(-10, '10:00'), statusId: 3 })).classId;
  c.paid = (await createClass(db, { ...b, startsAt: at(-20, '10:00') })).classId;
  paymentHeaderId = await markPaid(db, c.paid);
  await enrol(db, courseX.courseId, cast.studentId, { classIds: [c.today, c.nextWeek] });
  await enrol(db, courseY.courseId, cast.student2Id, { classIds: [c.yesterday, c.marked, c.paid], lineStatusId: 1 });
});

type Caller = keyof Cast['headers'];
const list = async (query = '', caller: Caller = 'admin') => {
  const res = await ctx.app.inject({ url: `/api/classes/GetByFilter${query}`, headers: cast.headers[caller] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { classes: { classId: number; [k: string]: unknown }[]; datesSelected: string; total: number; studentTotal: number };
};
const ids = async (query = '', caller: Caller = 'admin') => (await list(query, caller)).classes.map((x) => x.classId);

describe('GET /api/classes/GetByFilter', () => {
  it('lists every class in start order with the totals a heading needs', async () => {
    const body = await list();
    expect(body.classes.map((x) => x.classId)).toEqual([c.paid, c.marked, c.yesterday, c.today, c.nextWeek]);
    expect(body).toMatchObject({ total: 5, studentTotal: 5, datesSelected: '' });
  });

  it('carries the fields the screens show, in London time', async () => {
    const item = (await list(`?courseId=${courseX.courseId}`)).classes[0];
    expect(item).toMatchObject({
      classId: c.today, classDateString: dmy(today), time: '23:55', classEndTime: '00:00', classDatesCombined: '23:55 - 00:00',
      course: 'Xylophone Conversation', subjectId: courseX.subjectId, studentCount: 1, seriesStatusId: 1, classStudentStatusId: null, version: 1,
    });
    expect(item?.classDateMobile).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
  });

  it.each([
    ['statusId=1 (Scheduled)', '?statusId=1', ['today', 'nextWeek']],
    ['statusId=2 (Requires marking)', '?statusId=2', ['yesterday']],
    ['statusId=3 (Marked)', '?statusId=3', ['marked']],
    ['statusId=6 (Paid)', '?statusId=6', ['paid']],
    ['ExcludePaid', '?ExcludePaid=true', ['marked', 'yesterday', 'today', 'nextWeek']],
    ['showRemainingOnly', '?showRemainingOnly=true', ['today', 'nextWeek']],
    ['title', '?title=yIDDISH', ['paid', 'marked', 'yesterday']],
  ] as const)('filters by %s', async (_case, query, expected) => {
    expect(await ids(query)).toEqual(expected.map((k) => c[k]));
  });

  it('filters by teacher, course, subject, level, student and settlement report', async () => {
    expect(await ids(`?teacherId=${cast.teacherId}`)).toEqual([c.today, c.nextWeek]);
    expect(await ids(`?courseId=${courseX.courseId}`)).toEqual([c.today, c.nextWeek]);
    expect(await ids(`?subjectId=${courseX.subjectId}&levelId=${courseX.courseLevelId}`)).toEqual([c.today, c.nextWeek]);
    expect(await ids(`?studentId=${cast.student2Id}`)).toEqual([c.paid, c.marked, c.yesterday]);
    expect(await ids(`?paymentHeaderId=${paymentHeaderId}`)).toEqual([c.paid]);
  });

  it('filters by London start and end dates, both inclusive', async () => {
    const body = await list(`?startDate=${dmy(addDays(today, -10))}&endDate=${dmy(today)}`);
    expect(body.classes.map((x) => x.classId)).toEqual([c.marked, c.yesterday, c.today]);
    expect(body.datesSelected).toBe(`${dmy(addDays(today, -10))} - ${dmy(today)}`);
  });

  it("gives today's classes for the D period", async () => {
    const body = await list('?timePeriod=D&dateMultiplier=0');
    expect(body.classes.map((x) => x.classId)).toEqual([c.today]);
    expect(body.datesSelected).toBe(dmy(today));
  });

  it('gives next week, Monday to Sunday, for W with dateMultiplier 1', async () => {
    const monday = addDays(today, 8 - isoWeekday(today));
    const body = await list('?timePeriod=w&dateMultiplier=1');
    expect(body.classes.map((x) => x.classId)).toEqual([c.nextWeek]);
    expect(body.datesSelected).toBe(`${dmy(monday)} - ${dmy(addDays(monday, 6))}`);
  });

  it('names the month for M', async () => {
    const body = await list('?timePeriod=M');
    expect(body.classes.map((x) => x.classId)).toContain(c.today);
    expect(body.datesSelected).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  });

  it('refuses an unknown period with a readable 400', async () => {
    const res = await ctx.app.inject({ url: '/api/classes/GetByFilter?timePeriod=Q', headers: cast.headers.admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('GetByFilter for teachers and students', () => {
  it("gives a teacher their own classes when no teacher is named", async () => {
    expect(await ids('', 'teacher2')).toEqual([c.paid, c.marked, c.yesterday]);
  });

  it('refuses a teacher naming another teacher', async () => {
    const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?teacherId=${cast.teacherId}`, headers: cast.headers.teacher2 });
    expect(res.statusCode).toBe(403);
  });

  it('gives a student their own classes with their own attendance status', async () => {
    const body = await list('', 'student');
    expect(body.classes.map((x) => [x.classId, x.classStudentStatusId])).toEqual([[c.today, 1], [c.nextWeek, 1]]);
  });

  it('refuses a student naming another student', async () => {
    const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?studentId=${cast.student2Id}`, headers: cast.headers.student });
    expect(res.statusCode).toBe(403);
  });

  it("lets a student read one of their classes but not someone else's", async () => {
    expect((await ctx.app.inject({ url: `/api/classes/getbyid?id=${c.today}`, headers: cast.headers.student })).json().classStudentStatusId).toBe(1);
    expect((await ctx.app.inject({ url: `/api/classes/getbyid?id=${c.yesterday}`, headers: cast.headers.student })).statusCode).toBe(404);
  });
});
