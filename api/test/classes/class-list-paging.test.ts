import { CLASS_MAX_PAGE_SIZE, CLASS_SORT_KEYS, type ClassItem, type ClassListResponse } from '@rollbook/shared-types/classes';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCourse, createRate, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The admin classes list one page at a time, by keyset: `next` is the cursor of the
// page after, `after` asks for it. Paging fields are additions: a call without page, pageSize or
// after answers as before.

const ctx = useTestApp();
let cast: Cast;
let subjectOfFrench = 0;
const RANGE = 'startDate=6/1/2031&endDate=8/1/2031';

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  const rateA = await createRate(db, cast.teacherId);
  const rateB = await createRate(db, cast.teacher2Id);
  const students = await Promise.all([1, 2, 3, 4].map(() => createStudent(db)));
  const french = await createCourse(db, { title: 'French for Travel' });
  subjectOfFrench = french.subjectId;
  const german = await createCourse(db, { title: 'business German' });
  const spanish = await createCourse(db, { title: 'Spanish Conversation' });
  // 13 classes on three January days of 2031 (London = UTC then), times and registers disagreeing with the start order.
  const plan: [number, number, string, number][] = [
    [french.courseId, cast.teacherId, '2031-01-06T09:00:00Z', 2], [german.courseId, cast.teacher2Id, '2031-01-06T09:00:00Z', 4],
    [spanish.courseId, cast.teacherId, '2031-01-06T14:30:00Z', 0], [french.courseId, cast.teacher2Id, '2031-01-06T18:00:00Z', 1],
    [german.courseId, cast.teacherId, '2031-01-07T08:15:00Z', 3], [spanish.courseId, cast.teacher2Id, '2031-01-07T09:00:00Z', 2],
    [french.courseId, cast.teacherId, '2031-01-07T12:00:00Z', 4], [german.courseId, cast.teacher2Id, '2031-01-07T20:45:00Z', 1],
    [spanish.courseId, cast.teacherId, '2031-01-08T07:00:00Z', 3], [french.courseId, cast.teacher2Id, '2031-01-08T09:00:00Z', 0],
    [german.courseId, cast.teacherId, '2031-01-08T11:00:00Z', 2], [spanish.courseId, cast.teacher2Id, '2031-01-08T11:00:00Z', 4],
    [french.courseId, cast.teacherId, '2031-01-08T16:00:00Z', 1],
  ];
  for (const [courseId, teacherId, startsAt, registered] of plan) {
    const teacherRateId = teacherId === cast.teacherId ? rateA : rateB;
    const { classId } = await createClass(db, { courseId, teacherId, teacherRateId, startsAt: new Date(startsAt) });
    for (const s of students.slice(0, registered)) await enrol(db, courseId, s.studentId, { classIds: [classId] });
  }
  // A class outside the range, which no page may show.
  await createClass(db, { courseId: french.courseId, teacherId: cast.teacherId, teacherRateId: rateA, startsAt: new Date('2031-01-09T09:00:00Z') });
});

async function classes(query: string, who: keyof Cast['headers'] = 'admin') {
  const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?${query}`, headers: cast.headers[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ClassListResponse;
}

/** Follows `next` from the first page to the last. */
async function walk(query: string, pageSize: number): Promise<{ rows: ClassItem[]; pages: ClassListResponse[] }> {
  const pages: ClassListResponse[] = [];
  let answer = await classes(`${query}&pageSize=${pageSize}`);
  pages.push(answer);
  while (answer.next) {
    answer = await classes(`${query}&pageSize=${pageSize}&after=${encodeURIComponent(answer.next)}`);
    pages.push(answer);
    if (pages.length > 20) throw new Error('more pages than classes');
  }
  return { rows: pages.flatMap((p) => p.classes), pages };
}
const idsOf = (rows: ClassItem[]) => rows.map((c) => c.classId);

describe('GET /api/classes/GetByFilter one page at a time', () => {
  it('keeps the older answer without page, pageSize or after', async () => {
    const body = await classes(RANGE);
    expect(Object.keys(body).sort()).toEqual(['classes', 'datesSelected', 'studentTotal', 'total']);
    expect(body.total).toBe(13);
    expect(body.studentTotal).toBe(27);
  });

  it('walks the range by date with next: every class once, in start order, the totals of all pages on each', async () => {
    const whole = await classes(RANGE);
    const { rows, pages } = await walk(RANGE, 5);
    expect(pages.map((p) => p.classes.length)).toEqual([5, 5, 3]);
    expect(idsOf(rows)).toEqual(idsOf(whole.classes));
    for (const page of pages) expect(page).toMatchObject({ total: 13, studentTotal: 27, pageSize: 5, sort: 'date', dir: 'asc' });
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('answers every field of each class as the whole list does, for an admin and for a student with their own status', async () => {
    const whole = await classes(RANGE);
    expect((await walk(RANGE, 5)).rows).toEqual(whole.classes);
    const one = whole.classes[3]!;
    await enrol(ctx.db, one.courseId, cast.studentId, { classIds: [one.classId], lineStatusId: 5 });
    try {
      const mine = await classes(RANGE, 'student');
      expect(mine.classes.map((c) => [c.classId, c.classStudentStatusId])).toEqual([[one.classId, 5]]);
      expect((await classes(`${RANGE}&pageSize=5`, 'student')).classes).toEqual(mine.classes);
    } finally {
      await ctx.db.deleteFrom('classAttendance').where('studentId', '=', cast.studentId).where('classId', '=', one.classId).execute();
      await ctx.db.deleteFrom('enrolments').where('studentId', '=', cast.studentId).where('courseId', '=', one.courseId).execute();
    }
  });

  it('answers the same rows by page number as by cursor', async () => {
    const { pages } = await walk(RANGE, 5);
    const second = await classes(`${RANGE}&page=2&pageSize=5`);
    expect(idsOf(second.classes)).toEqual(idsOf(pages[1]!.classes));
    expect(second.page).toBe(2);
  });

  it('counts the matches of other filters too (subject, teacher), pages included', async () => {
    const bySubject = await classes(`${RANGE}&subjectId=${subjectOfFrench}&pageSize=2`);
    const whole = await classes(`${RANGE}&subjectId=${subjectOfFrench}`);
    expect(bySubject.total).toBe(5);
    expect(bySubject.studentTotal).toBe(whole.classes.reduce((n, c) => n + c.studentCount, 0));
    const byTeacher = await walk(`${RANGE}&teacherId=${cast.teacher2Id}`, 4);
    expect(byTeacher.rows.every((c) => c.teacherId === cast.teacher2Id)).toBe(true);
    expect(byTeacher.pages[0]?.total).toBe(6);
  });

  it("gives a teacher only their own classes, page by page, and refuses another teacher's", async () => {
    const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?${RANGE}&pageSize=3`, headers: cast.headers.teacher });
    const body = res.json() as ClassListResponse;
    expect(body.total).toBe(7);
    expect(body.classes.every((c) => c.teacherId === cast.teacherId)).toBe(true);
    const other = await ctx.app.inject({ url: `/api/classes/GetByFilter?${RANGE}&pageSize=3&teacherId=${cast.teacher2Id}`, headers: cast.headers.teacher });
    expect(other.statusCode).toBe(403);
  });

  const field: Record<string, (c: ClassItem) => string | number> = {
    day: (c) => c.dayWeekId, date: (c) => c.startsAt, time: (c) => c.time, course: (c) => c.course.toLowerCase(),
    subject: (c) => c.subject.toLowerCase(), level: (c) => c.level.toLowerCase(), students: (c) => c.studentCount,
    teacher: (c) => c.teacher.toLowerCase(), status: (c) => c.seriesStatusId,
  };
  it.each(CLASS_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']] as const))('sorts by %s %s, ties by class id, across cursor pages', async (sort, dir) => {
    const { rows } = await walk(`${RANGE}&sort=${sort}&dir=${dir}`, 4);
    expect(rows).toHaveLength(13);
    const sign = dir === 'asc' ? 1 : -1;
    const value = field[sort]!;
    const expected = [...rows].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return (x < y ? -sign : x > y ? sign : 0) || sign * (a.classId - b.classId);
    });
    expect(idsOf(rows)).toEqual(idsOf(expected));
    // The whole list in the same order, without paging.
    expect(idsOf((await classes(`${RANGE}&sort=${sort}&dir=${dir}`)).classes)).toEqual(idsOf(rows));
  });

  it('keeps a cursor page steady when a class is added before it (an offset would repeat a row)', async () => {
    const first = await classes(`${RANGE}&pageSize=5`);
    const rateId = await createRate(ctx.db, cast.teacherId);
    const earlier = await createClass(ctx.db, { courseId: first.classes[0]!.courseId, teacherId: cast.teacherId, teacherRateId: rateId, startsAt: new Date('2031-01-06T06:00:00Z') });
    try {
      const next = await classes(`${RANGE}&pageSize=5&after=${encodeURIComponent(first.next as string)}`);
      expect(idsOf(next.classes).some((id) => idsOf(first.classes).includes(id))).toBe(false);
      expect(next.total).toBe(14);
    } finally {
      await ctx.db.deleteFrom('classes').where('classId', '=', earlier.classId).execute();
    }
  });

  it('refuses a cursor of another sort, a made-up cursor and a page size over the most with a 400 naming the field', async () => {
    const byDate = await classes(`${RANGE}&pageSize=5`);
    for (const [query, field] of [
      [`sort=teacher&after=${encodeURIComponent(byDate.next as string)}`, 'after'],
      ['after=bm90IGEgY3Vyc29y', 'after'],
      [`pageSize=${CLASS_MAX_PAGE_SIZE + 1}`, 'pageSize'],
      ['sort=room', 'sort'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/classes/GetByFilter?${RANGE}&${query}`, headers: cast.headers.admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});
