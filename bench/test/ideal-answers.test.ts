import { DASHBOARD_CLASSES_PAGE_SIZE, TEACHERS_UNMARKED_PAGE_SIZE } from '@rollbook/shared-types/dashboard';
import type { PullResponse } from '@rollbook/shared-types/sync';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The template database the api project's global setup provides (its ProvidedContext).
import type {} from '../../api/test/helpers/global-setup.js';
import { decodeCursor } from '../../api/src/modules/sync/sync-cursor.js';
import { demoSchool, demoUsers } from '../../api/test/helpers/demo-school.js';
import { useTestApp } from '../../api/test/helpers/test-app.js';
import { idealAttendanceWarnings } from '../src/api/ideal/attendance-warnings.js';
import { idealClassList } from '../src/api/ideal/class-list.js';
import { idealClassPage } from '../src/api/ideal/class-page.js';
import { idealCourseList } from '../src/api/ideal/course-list.js';
import { idealCoursePage } from '../src/api/ideal/course-page.js';
import { idealDashboardClassesPage } from '../src/api/ideal/dashboard-classes-page.js';
import { idealDashboardCounts } from '../src/api/ideal/dashboard-counts.js';
import { idealUnmarkedTeachers } from '../src/api/ideal/dashboard-unmarked-teachers.js';
import { idealStudentPage } from '../src/api/ideal/student-list.js';
import { idealTeacherPull } from '../src/api/ideal/sync-pull.js';
import { markableLines } from '../src/api/push-lines.js';

// What keeps the bench's ideal honest: on a seeded school, each hot path's hand-written SQL gives
// exactly the answer the API gives over HTTP (same fields, values, formats and order).

describe.runIf(inject('postgres') !== null)('the ideal SQL of each hot path answers as the API does', () => {
  const ctx = useTestApp({}, { seed: demoSchool });
  let pool: pg.Pool;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const userIds: Record<string, number> = {};

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: ctx.testDb.url as string, max: 2 });
    for (const [username, user] of Object.entries(await demoUsers(ctx.app, ctx.db, ['admin', 'teacher']))) {
      tokens[username] = user.token;
      ids[username] = user.entityId ?? 0;
      userIds[username] = user.userId;
    }
  });
  afterAll(async () => {
    await pool?.end();
  });

  const api = async (who: string, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("answers the teacher's week", async () => {
    const fromApi = await api('teacher', `/api/classes/GetByFilter?teacherId=${ids.teacher}&timePeriod=W`);
    const ideal = await idealClassList(pool, 'week', ids.teacher ?? 0);
    expect(JSON.parse(fromApi).classes.length).toBeGreaterThan(0);
    expect(JSON.parse(ideal)).toEqual(JSON.parse(fromApi));
  });

  it('answers the classes of the month', async () => {
    const fromApi = await api('admin', '/api/classes/GetByFilter?timePeriod=M');
    const ideal = await idealClassList(pool, 'month', null);
    expect(JSON.parse(fromApi).classes.length).toBeGreaterThan(0);
    expect(JSON.parse(ideal)).toEqual(JSON.parse(fromApi));
  });

  it("answers the first page of the month's classes, next page's cursor included", async () => {
    const pageSize = 5;
    const fromApi = JSON.parse(await api('admin', `/api/classes/GetByFilter?timePeriod=M&page=1&pageSize=${pageSize}`));
    const ideal = JSON.parse(await idealClassPage(pool, pageSize));
    expect(fromApi.classes).toHaveLength(pageSize);
    expect(fromApi.next).toEqual(expect.any(String));
    expect(ideal).toEqual(fromApi);
    // The cursor leads where the API's own does.
    const second = JSON.parse(await api('admin', `/api/classes/GetByFilter?timePeriod=M&pageSize=${pageSize}&after=${ideal.next}`));
    expect(second.classes[0].classId).not.toBe(fromApi.classes[0].classId);
  });

  it('answers the filtered courses list', async () => {
    const { rows: [busiest] } = await pool.query<{ subject_id: number }>(
      'select subject_id from courses where course_status_id = 2 group by subject_id order by count(*) desc, subject_id limit 1');
    const subjectId = busiest?.subject_id ?? 0;
    const fromApi = await api('admin', `/api/courses/getall?statusId=2&subjectId=${subjectId}&excludeArchived=true`);
    const ideal = await idealCourseList(pool, 2, subjectId);
    expect(JSON.parse(fromApi).courses.length).toBeGreaterThan(0);
    expect(JSON.parse(ideal)).toEqual(JSON.parse(fromApi));
  });

  it('answers the courses list, first and second page', async () => {
    const { rows: [busiest] } = await pool.query<{ subject_id: number; n: number }>(
      'select subject_id, count(*)::int as n from courses where course_status_id = 2 group by subject_id order by count(*) desc, subject_id limit 1');
    const subjectId = busiest?.subject_id ?? 0;
    // Pages small enough that the busiest subject fills two of them, and the second is not the last.
    const pageSize = Math.max(1, Math.floor((busiest?.n ?? 0) / 3));
    expect(busiest?.n).toBeGreaterThanOrEqual(3);
    for (const page of [1, 2]) {
      const fromApi = await api('admin', `/api/courses/getall?statusId=2&subjectId=${subjectId}&excludeArchived=true&page=${page}&pageSize=${pageSize}`);
      expect(JSON.parse(fromApi).courses).toHaveLength(pageSize);
      expect(JSON.parse(await idealCoursePage(pool, 2, subjectId, page, pageSize))).toEqual(JSON.parse(fromApi));
    }
  });

  it('answers the students list, first and second page', async () => {
    for (const page of [1, 2]) {
      const fromApi = await api('admin', `/api/students/getall?companyId=-1&statusId=-1&page=${page}`);
      expect(JSON.parse(fromApi).students.length).toBeGreaterThan(0);
      expect(JSON.parse(await idealStudentPage(pool, page))).toEqual(JSON.parse(fromApi));
    }
  });

  it('answers the dashboard counts', async () => {
    const fromApi = await api('admin', '/api/reports/GetCountStats');
    expect(Object.values(JSON.parse(fromApi)).every((n) => typeof n === 'number' && n > 0)).toBe(true);
    expect(JSON.parse(await idealDashboardCounts(pool))).toEqual(JSON.parse(fromApi));
  });

  it("answers the first page of the dashboard's classes of the month, next page's cursor included", async () => {
    // The panel's own page size: the demo school's month has more classes than a page.
    const pageSize = DASHBOARD_CLASSES_PAGE_SIZE;
    const fromApi = JSON.parse(await api('admin', `/api/reports/GetClassesThisWeek?period=M&pageSize=${pageSize}`));
    const ideal = JSON.parse(await idealDashboardClassesPage(pool, pageSize));
    expect(fromApi.classes).toHaveLength(pageSize);
    expect(fromApi.total).toBeGreaterThan(pageSize);
    expect(fromApi.next).toEqual(expect.any(String));
    expect(ideal).toEqual(fromApi);
    // The cursor leads where the API's own does: the rows after the page's last.
    const second = JSON.parse(await api('admin', `/api/reports/GetClassesThisWeek?period=M&pageSize=${pageSize}&after=${ideal.next}`));
    const two = JSON.parse(await api('admin', `/api/reports/GetClassesThisWeek?period=M&pageSize=${pageSize * 2}`));
    expect(second.classes.length).toBeGreaterThan(0);
    expect(second.classes).toEqual(two.classes.slice(pageSize));
  });

  it('answers the dashboard\'s teachers with unmarked classes, first page and a later one', async () => {
    const first = await api('admin', `/api/reports/GetTeachersUnmarkedClassCount?page=1&pageSize=${TEACHERS_UNMARKED_PAGE_SIZE}`);
    expect(JSON.parse(first).total).toBeGreaterThan(1);
    expect(JSON.parse(await idealUnmarkedTeachers(pool, 1, TEACHERS_UNMARKED_PAGE_SIZE))).toEqual(JSON.parse(first));
    // Pages of one teacher: the second, and the one past the last (no teachers, the total still).
    const total = JSON.parse(first).total as number;
    for (const page of [2, total + 1]) {
      const fromApi = await api('admin', `/api/reports/GetTeachersUnmarkedClassCount?page=${page}&pageSize=1`);
      expect(JSON.parse(fromApi).teachers).toHaveLength(page <= total ? 1 : 0);
      expect(JSON.parse(await idealUnmarkedTeachers(pool, page, 1))).toEqual(JSON.parse(fromApi));
    }
  });

  it('answers the attendance warnings page', async () => {
    const fromApi = await api('admin', '/api/reports/GetAttendanceWarnings?page=1&pageSize=50');
    expect(JSON.parse(fromApi).warnings.length).toBeGreaterThan(0);
    expect(JSON.parse(await idealAttendanceWarnings(pool, 1))).toEqual(JSON.parse(fromApi));
  });

  it("answers a teacher's pull after one change, cursor included", async () => {
    const first = JSON.parse(await api('teacher', `/api/sync/pull?clientId=${randomUUID()}`)) as PullResponse;
    const [line] = await markableLines(ctx.testDb.url as string, ids.teacher ?? 0, 1);
    if (!line) throw new Error('The demo teacher has no started class');
    const { rows: [current] } = await pool.query<{ status_id: number }>(
      'select status_id from class_attendance where class_id = $1 and student_id = $2', [line.classId, line.studentId]);
    const statusId = current?.status_id === 5 ? 2 : 5;
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: { authorization: `Bearer ${tokens.admin}` },
      payload: [{ ...line, statusId }],
    });
    expect(res.statusCode).toBe(200);
    // The same phone for both: its first pull binds it, so neither side writes and both read the same change mark.
    const clientId = randomUUID();
    const fromApi = JSON.parse(await api('teacher', `/api/sync/pull?clientId=${clientId}&since=${first.cursor}`)) as PullResponse;
    const ideal = JSON.parse(await idealTeacherPull(pool, { userId: userIds.teacher ?? 0, teacherId: ids.teacher ?? 0 }, clientId, first.cursor)) as PullResponse;
    expect(fromApi.classes.map((c) => c.classId)).toContain(line.classId);
    expect(fromApi.attendance).toContainEqual(expect.objectContaining({ ...line, statusId }));
    // All of the cursor but its time (each side's own clock) and its horizon: a transaction anywhere
    // on the server between the two pulls moves the horizon on, never back.
    const decoded = (cursor: string) => ({ ...decodeCursor(cursor, userIds.teacher ?? 0, new Date()), at: 0, xmin: '0' });
    const horizon = (cursor: string) => BigInt(decodeCursor(cursor, userIds.teacher ?? 0, new Date())?.xmin ?? -1);
    expect(decoded(ideal.cursor).seq).toBeGreaterThan(0);
    expect(decoded(ideal.cursor)).toEqual(decoded(fromApi.cursor));
    expect(horizon(ideal.cursor)).toBeGreaterThanOrEqual(horizon(fromApi.cursor));
    expect(horizon(fromApi.cursor)).toBeGreaterThan(0n);
    const { cursor: _a, serverTime: _b, ...idealBody } = ideal;
    const { cursor: _c, serverTime: _d, ...apiBody } = fromApi;
    expect(idealBody).toEqual(apiBody);
  });
});
