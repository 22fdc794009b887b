import { COURSE_MAX_PAGE_SIZE, COURSE_SORT_KEYS, type CourseDetail, type CourseListItem } from '@rollbook/shared-types/courses';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { everyPage } from '../helpers/list-pages.js';
import {
  createCast, createClass, createCompany, createCourse, createTeacherWithRate, daysFromNow, enrol, type Cast,
} from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The admin courses list one page at a time: page, pageSize, sort and dir are additions
// to the spec's filters; a call without page or pageSize still answers every course.

const ctx = useTestApp();
let cast: Cast;
const created: number[] = [];

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  const teacher = await createTeacherWithRate(db);
  const students = await Promise.all([1, 2, 3].map(() => createStudent(db)));
  const acme = await createCompany(db, { name: 'acme Training' });
  const zed = await createCompany(db, { name: 'Zed Language Ltd' });
  // Seven courses whose columns disagree with each other's order, two sharing a start date (the id decides).
  const specs = [
    { title: 'delta French', startDate: '2026-03-02', endDate: '2026-09-01', statusId: 2, duration: 10, companyId: acme.companyId, classes: 2, enrolled: 3 },
    { title: 'Alpha German', startDate: '2026-05-04', endDate: '2026-07-01', statusId: 3, duration: 4, companyId: zed.companyId, classes: 4, enrolled: 0 },
    { title: 'charlie Spanish', startDate: '2026-05-04', endDate: '2027-01-01', statusId: 2, duration: 12, companyId: null, classes: 0, enrolled: 1 },
    { title: 'Bravo Italian', startDate: '2025-11-03', endDate: '2026-02-01', statusId: 4, duration: 6, companyId: acme.companyId, classes: 1, enrolled: 2 },
    { title: 'echo Polish', startDate: '2027-02-01', endDate: '2027-06-01', statusId: 1, duration: 8, companyId: zed.companyId, classes: 0, enrolled: 0 },
    { title: 'Foxtrot Dutch', startDate: '2026-01-05', endDate: '2026-03-01', statusId: 2, duration: 3, companyId: null, classes: 3, enrolled: 1 },
    { title: 'golf Greek', startDate: '2026-05-04', endDate: '2026-10-01', statusId: 2, duration: 5, companyId: acme.companyId, classes: 1, enrolled: 2 },
  ];
  for (const spec of specs) {
    const course = await createCourse(db, { title: spec.title, startDate: spec.startDate, endDate: spec.endDate, statusId: spec.statusId, duration: spec.duration, companyId: spec.companyId });
    created.push(course.courseId);
    for (let i = 0; i < spec.classes; i++) await createClass(db, { ...teacher, courseId: course.courseId, startsAt: daysFromNow(-10 + i * 7) });
    for (let i = 0; i < spec.enrolled; i++) await enrol(db, course.courseId, students[i]!.studentId);
  }
});

async function getall(query: string) {
  const res = await ctx.app.inject({ url: `/api/courses/getall?${query}`, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { courses: CourseListItem[]; total: number; page?: number; pageSize?: number; sort?: string; dir?: string };
}
const idsOf = (courses: CourseListItem[]) => courses.map((c) => c.courseId);

/** Every page of `query` at `pageSize`, in order. */
const allPages = (query: string, pageSize: number) => everyPage(async (page) => (await getall(`${query}&page=${page}&pageSize=${pageSize}`)).courses, pageSize);

describe('GET /api/courses/getall one page at a time', () => {
  it('keeps the older answer without page or pageSize: every course, no paging fields', async () => {
    const body = await getall('');
    expect(body.courses).toHaveLength(created.length);
    expect(body.total).toBe(created.length);
    expect(Object.keys(body).sort()).toEqual(['courses', 'total']);
  });

  it('answers the first page in the default order (newest start first, then the newest id) with the total of every match', async () => {
    const body = await getall('page=1&pageSize=3');
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: 3, sort: 'startDate', dir: 'desc' });
    // echo (2027-02-01), then the three of 2026-05-04 by id, newest first: golf, charlie, Alpha.
    expect(body.courses.map((c) => c.title)).toEqual(['echo Polish', 'golf Greek', 'charlie Spanish']);
    expect(idsOf((await getall('page=2&pageSize=3')).courses)).toEqual(idsOf((await getall('')).courses).slice(3, 6));
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    const body = await getall('page=9&pageSize=3');
    expect(body.courses).toEqual([]);
    expect(body.total).toBe(7);
  });

  it('pages within the filters: the total and the rows are those of the filtered list', async () => {
    const body = await getall('statusId=2&page=1&pageSize=2&sort=title');
    expect(body.total).toBe(4);
    expect(body.courses.map((c) => c.title)).toEqual(['charlie Spanish', 'delta French']);
    expect((await getall('statusId=2&page=2&pageSize=2&sort=title')).courses.map((c) => c.title)).toEqual(['Foxtrot Dutch', 'golf Greek']);
  });

  it('answers every field of each course as the whole list does, and one course (GetById) as its row there', async () => {
    const whole = await getall('');
    // Figures, names and counts of every kind are in the rows compared.
    expect(whole.courses.some((c) => c.totalClasses > 0 && c.enrolledCount > 0 && c.teacher !== '' && c.company !== null)).toBe(true);
    expect(whole.courses.some((c) => c.company === null && c.totalClasses === 0)).toBe(true);
    expect(await allPages('', 3)).toEqual(whole.courses);
    const filtered = await getall('statusId=2&sort=enrolledCount&dir=desc');
    expect(await allPages('statusId=2&sort=enrolledCount&dir=desc', 2)).toEqual(filtered.courses);
    for (const course of whole.courses) {
      const res = await ctx.app.inject({ url: `/api/courses/GetById?id=${course.courseId}`, headers: cast.headers.admin });
      expect(res.statusCode, res.body).toBe(200);
      const { addressId: _address, definedAddress: _defined, endDate, studentStatusId, ...listed } = res.json() as CourseDetail;
      expect(listed).toEqual(course);
      expect(endDate).toEqual(expect.any(String));
      expect(studentStatusId).toBeNull();
    }
  });

  it.each([
    ['title', 'asc', ['Alpha German', 'Bravo Italian', 'charlie Spanish', 'delta French', 'echo Polish', 'Foxtrot Dutch', 'golf Greek']],
    ['company', 'asc', ['delta French', 'Bravo Italian', 'golf Greek', 'Alpha German', 'echo Polish', 'charlie Spanish', 'Foxtrot Dutch']],
    ['endDate', 'desc', ['echo Polish', 'charlie Spanish', 'golf Greek', 'delta French', 'Alpha German', 'Foxtrot Dutch', 'Bravo Italian']],
    ['status', 'asc', ['echo Polish', 'delta French', 'charlie Spanish', 'Foxtrot Dutch', 'golf Greek', 'Alpha German', 'Bravo Italian']],
    ['enrolledCount', 'desc', ['delta French', 'golf Greek', 'Bravo Italian', 'Foxtrot Dutch', 'charlie Spanish', 'echo Polish', 'Alpha German']],
  ])('sorts by %s %s, ties by id in the same direction, across pages', async (sort, dir, titles) => {
    const rows = await allPages(`sort=${sort}&dir=${dir}`, 3);
    expect(rows.map((c) => c.title)).toEqual(titles);
  });

  it.each(COURSE_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const whole = await getall(`sort=${sort}&dir=${dir}`);
    expect(whole.courses).toHaveLength(7);
    expect(idsOf(await allPages(`sort=${sort}&dir=${dir}`, 2))).toEqual(idsOf(whole.courses));
    // The figure the column shows is in order.
    const figure: Partial<Record<string, (c: CourseListItem) => number>> = {
      classesRemaining: (c) => c.classesRemaining, timeDiscrepancy: (c) => c.timeDiscrepancy, enrolledCount: (c) => c.enrolledCount,
      status: (c) => c.courseStatusId,
    };
    const value = figure[sort];
    if (value) {
      const values = whole.courses.map(value);
      const inOrder = [...values].sort((a, b) => (dir === 'asc' ? a - b : b - a));
      expect(values).toEqual(inOrder);
    }
  });

  it('refuses an unknown sort, a page size over the most and page 0 with a 400 naming the field', async () => {
    for (const [query, field] of [['sort=price', 'sort'], [`pageSize=${COURSE_MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], ['dir=up', 'dir']]) {
      const res = await ctx.app.inject({ url: `/api/courses/getall?${query}`, headers: cast.headers.admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});
