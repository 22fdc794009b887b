import {
  ATTENDANCE_WARNING_PAGE_SIZE, attendanceWarningsTitle, isBelowThreshold, type AttendanceWarningCount, type AttendanceWarningList,
} from '@rollbook/shared-types/attendance-warnings';
import type { ClassListResponse } from '@rollbook/shared-types/classes';
import type { CourseListResponse } from '@rollbook/shared-types/courses';
import { COURSE_TILE_QUERIES, type CountStats, type TeachersUnmarkedClassCount } from '@rollbook/shared-types/dashboard';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSchool } from '../helpers/demo-school.js';
import { everyPage } from '../helpers/list-pages.js';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Every tile's number must be the number of rows of the list its link opens (spec §2.11), so
// 'Courses with time discrepancies' counts Active courses only, as its list shows them: the demo
// school plus courses on the edges where the two could part.

const ctx = useTestApp({}, { seed: demoSchool });
let cast: Cast;

const london = (days: number, hour: number, minute: number) =>
  DateTime.now().setZone('Europe/London').plus({ days }).set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const teacher = await createTeacherWithRate(ctx.db);
  const classes = async (courseId: number, starts: Date[], statusId = 1) => {
    for (const startsAt of starts) await createClass(ctx.db, { ...teacher, courseId, startsAt, statusId });
  };
  // Drafts being set up: fewer minutes generated than bought.
  await createCourse(ctx.db, { statusId: 1, duration: 10 });
  await classes((await createCourse(ctx.db, { statusId: 1, duration: 10 })).courseId, [daysFromNow(3), daysFromNow(10)]);
  // Active, last class late on the 14th London day from today (expiring), and 2 of 4 classes generated.
  await classes((await createCourse(ctx.db, { duration: 4 })).courseId, [daysFromNow(-2), london(14, 23, 55)], 3);
  // Active, last class just after midnight on the 15th day: not expiring yet.
  await classes((await createCourse(ctx.db, { duration: 2 })).courseId, [daysFromNow(-2), london(15, 0, 5)], 3);
  // Completed with two classes never held; Suspended with more minutes than bought.
  await classes((await createCourse(ctx.db, { statusId: 3, duration: 4 })).courseId, [daysFromNow(-9), daysFromNow(-2)], 3);
  await classes((await createCourse(ctx.db, { statusId: 5, duration: 1 })).courseId, [daysFromNow(-3), daysFromNow(4)]);
});

async function get<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const search = (query: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

describe('every dashboard tile counts the rows of the list its link opens', () => {
  it.each(Object.keys(COURSE_TILE_QUERIES) as (keyof typeof COURSE_TILE_QUERIES)[])('%s equals the length of the courses list its link asks for', async (tile) => {
    const stats = await get<CountStats>('/api/reports/GetCountStats');
    const list = await get<CourseListResponse>(`/api/courses/getall?${search(COURSE_TILE_QUERIES[tile])}`);
    expect(stats[tile]).toBe(list.courses.length);
    expect(stats[tile]).toBeGreaterThan(0);
  });

  it('does not count a Draft course with a time discrepancy as a course with time discrepancies', async () => {
    const drafts = await get<CourseListResponse>('/api/courses/getall?statusId=1');
    expect(drafts.courses.some((course) => course.timeDiscrepancy !== 0)).toBe(true);
    const stats = await get<CountStats>('/api/reports/GetCountStats');
    const active = await get<CourseListResponse>('/api/courses/getall?statusId=2&showClassCountErrors=true');
    expect(active.courses.every((course) => course.courseStatusId === 2 && course.timeDiscrepancy !== 0)).toBe(true);
    expect(stats.classCountErrorTotal).toBe(active.courses.length);
  });

  it('counts as expiring a course whose last class is late on the 14th London day, not one on the 15th', async () => {
    const { courses } = await get<CourseListResponse>('/api/courses/getall?statusId=2&expiredClasses=true');
    const lastDays = courses.map((course) => DateTime.fromFormat(course.expiringDateString, 'dd/MM/yyyy', { zone: 'Europe/London' }));
    const today = DateTime.now().setZone('Europe/London').startOf('day');
    expect(lastDays.some((day) => day.equals(today.plus({ days: 14 })))).toBe(true);
    expect(lastDays.every((day) => day <= today.plus({ days: 14 }))).toBe(true);
    expect((await get<CountStats>('/api/reports/GetCountStats')).expiredTotal).toBe(courses.length);
  });

  it('the unmarked classes tile equals the classes list of /classes?statusId=2', async () => {
    const stats = await get<CountStats>('/api/reports/GetCountStats');
    const list = await get<ClassListResponse>('/api/classes/GetByFilter?statusId=2');
    expect(list.classes.length).toBe(list.total);
    expect(stats.unmarkedClassTotal).toBe(list.classes.length);
    expect(stats.unmarkedClassTotal).toBeGreaterThan(0);
  });

  it("each teacher's unmarked classes equal the classes list of /classes?teacherId=…&statusId=2", async () => {
    const { teachers } = await get<TeachersUnmarkedClassCount>('/api/reports/GetTeachersUnmarkedClassCount');
    expect(teachers.length).toBeGreaterThan(1);
    for (const teacher of teachers) {
      const list = await get<ClassListResponse>(`/api/classes/GetByFilter?teacherId=${teacher.teacherId}&statusId=2`);
      expect([teacher.teacherId, teacher.count]).toEqual([teacher.teacherId, list.classes.length]);
    }
  });

  it('the attendance warnings tile equals the rows of its list, page after page, whatever the threshold', async () => {
    const post = (threshold: number) => ctx.app.inject({ method: 'POST', url: '/api/settings/UpdateAttendanceThreshold', headers: cast.headers.admin, payload: { threshold } });
    const seen: number[] = [];
    for (const threshold of [80, 95, 50]) {
      expect((await post(threshold)).statusCode).toBe(200);
      const tile = await get<AttendanceWarningCount>('/api/reports/GetAttendanceWarningCount');
      const rows = await everyPage(async (page) => {
        const list = await get<AttendanceWarningList>(`/api/reports/GetAttendanceWarnings?pageSize=7&page=${page}`);
        expect(list.total).toBe(tile.total);
        return list.warnings;
      }, 7);
      expect([tile.threshold, tile.total]).toEqual([threshold, rows.length]);
      expect(new Set(rows.map((r) => `${r.studentId}:${r.courseId}`)).size).toBe(rows.length);
      expect(rows.every((r) => isBelowThreshold(r.attended, r.held, threshold))).toBe(true);
      // The page the tile's link opens (/attendance-warnings: page 1, the list's page size, lowest
      // rate first) says the tile's number and is titled by the same threshold.
      const opened = await get<AttendanceWarningList>(`/api/reports/GetAttendanceWarnings?page=1&pageSize=${ATTENDANCE_WARNING_PAGE_SIZE}`);
      expect([opened.total, opened.warnings.length]).toEqual([tile.total, Math.min(tile.total, ATTENDANCE_WARNING_PAGE_SIZE)]);
      expect(attendanceWarningsTitle(opened.threshold)).toBe(attendanceWarningsTitle(tile.threshold));
      seen.push(tile.total);
    }
    // The demo school has students on both sides of these thresholds.
    expect(seen[1]).toBeGreaterThan(seen[0] as number);
    expect(seen[0]).toBeGreaterThan(seen[2] as number);
    expect((await post(80)).statusCode).toBe(200);
  });
});
