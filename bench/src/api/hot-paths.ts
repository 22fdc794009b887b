import { randomUUID } from 'node:crypto';
import { AttendanceWarningListQuerySchema } from '@rollbook/shared-types/attendance-warnings';
import { CLASS_PAGE_SIZE, ClassListQuerySchema } from '@rollbook/shared-types/classes';
import { COURSE_PAGE_SIZE, CourseListQuerySchema } from '@rollbook/shared-types/courses';
import {
  ClassesThisWeekQuerySchema, DASHBOARD_CLASSES_PAGE_SIZE, TEACHERS_UNMARKED_PAGE_SIZE, TeachersUnmarkedQuerySchema,
} from '@rollbook/shared-types/dashboard';
import { StudentListQuerySchema } from '@rollbook/shared-types/students';
import { PullQuerySchema, type PullResponse, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import type { Db } from '../../../api/src/db/create-db.js';
import { attendanceWarnings } from '../../../api/src/modules/attendance-warnings/attendance-warnings.service.js';
import { getClassList } from '../../../api/src/modules/classes/classes.service.js';
import { getCourseList } from '../../../api/src/modules/courses/courses.service.js';
import { classesInPeriod, countStats, teachersUnmarked } from '../../../api/src/modules/dashboard/dashboard.service.js';
import { getStudentList } from '../../../api/src/modules/students/students.service.js';
import { pullAnswer } from '../../../api/src/modules/sync/pull.service.js';
import { pushMutations } from '../../../api/src/modules/sync/push.service.js';
import type pg from 'pg';
import type { HttpPath } from './http-load.js';
import { idealAttendanceWarnings } from './ideal/attendance-warnings.js';
import { idealClassList } from './ideal/class-list.js';
import { idealClassPage } from './ideal/class-page.js';
import { idealCourseList } from './ideal/course-list.js';
import { idealCoursePage } from './ideal/course-page.js';
import { idealDashboardClassesPage } from './ideal/dashboard-classes-page.js';
import { idealDashboardCounts } from './ideal/dashboard-counts.js';
import { idealUnmarkedTeachers } from './ideal/dashboard-unmarked-teachers.js';
import { idealStudentPage } from './ideal/student-list.js';
import { idealTeacherPull } from './ideal/sync-pull.js';
import { idealPush } from './ideal/sync-push.js';
import type { Phone, PhoneFactory } from './push-lines.js';
import type { RawCall } from './raw-load.js';
import type { PathRole } from './report.js';
import type { SignedIn } from './sign-in.js';

// The hot paths, each as the API call a screen or phone makes and, beside it, the very service or
// repository function the route handler calls, given the same parsed query and principal (`raw`),
// and the ideal: the fewest hand-written SQL statements that give the same answer, through a plain
// node-postgres pool (ideal/*.ts; bench/test/ideal-answers.test.ts holds them to the API's answers).

export type PathKind = 'list' | 'push' | 'pull';

export interface HotPath {
  name: string;
  kind: PathKind;
  /** Which of the issue's targets the path answers to (report.ts). */
  role: PathRole;
  http: HttpPath;
  raw: RawCall;
  /** Absent where no ideal is defined yet: the report shows no ideal figure. */
  ideal?: RawCall;
  /** Connections (and raw workers) for this path when not the run's (BENCH_CONNECTIONS). */
  connections?: number;
  /** What the path's answers were, for a sanity line under the figures (push outcomes). */
  summary?: () => string;
}

export interface PathContext {
  db: Db;
  /** The ideal side's plain node-postgres pool, as large as the API's. */
  pool: pg.Pool;
  admin: SignedIn;
  teacher: SignedIn;
  /** A subject many active courses have: the courses list filter. */
  subjectId: number;
  phones: PhoneFactory;
  /** A teacher cursor taken just before one admin change in the teacher's classes. */
  pullCursor: string;
}

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));

function getPath(
  name: string, path: string, params: Record<string, string | number>, who: SignedIn,
  raw: (q: Record<string, string>) => Promise<unknown>, ideal?: () => Promise<string>, role: PathRole = 'list page',
): HotPath {
  const q = query(params);
  const parsedParams = Object.fromEntries(q);
  return { name, kind: 'list', role, http: { method: 'GET', path: q.size > 0 ? `${path}?${q}` : path, token: who.token }, raw: () => raw(parsedParams), ideal };
}

function pushPath(ctx: PathContext): HotPath {
  const outcomes = new Map<string, number>();
  const count = (answer: PushResponse) => {
    for (const r of answer.results) outcomes.set(r.status, (outcomes.get(r.status) ?? 0) + 1);
  };
  const rawPhones = new Map<number, Phone>();
  const idealPhones = new Map<number, Phone>();
  return {
    name: 'sync push, 50 marks',
    kind: 'push',
    role: 'push',
    http: {
      method: 'POST',
      path: '/api/sync/push',
      token: ctx.teacher.token,
      setup: (context) => {
        const phone = (context.phone ??= ctx.phones.next()) as Phone;
        const batch = phone.nextBatch();
        context.batch = batch;
        return { body: JSON.stringify(batch), headers: { authorization: `Bearer ${phone.teacher.token}` } };
      },
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        const answer = JSON.parse(body) as PushResponse;
        ctx.phones.versions.learn(context.batch as PushRequest, answer);
        count(answer);
      },
    },
    raw: async (worker) => {
      let phone = rawPhones.get(worker);
      if (!phone) rawPhones.set(worker, (phone = ctx.phones.next()));
      const batch = phone.nextBatch();
      const answer = await pushMutations(ctx.db, phone.teacher.principal, batch);
      ctx.phones.versions.learn(batch, answer);
      count(answer);
    },
    ideal: async (worker) => {
      let phone = idealPhones.get(worker);
      if (!phone) idealPhones.set(worker, (phone = ctx.phones.next()));
      const batch = phone.nextBatch();
      const answer = JSON.parse(await idealPush(ctx.pool, phone.teacher.principal, batch)) as PushResponse;
      ctx.phones.versions.learn(batch, answer);
      count(answer);
    },
    summary: () => `${ctx.phones.slotCount} line sets; outcomes ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  };
}

function pullPath(ctx: PathContext): HotPath {
  const rawClients = new Map<number, string>();
  const idealClients = new Map<number, string>();
  const caller = { userId: ctx.teacher.principal.userId, teacherId: ctx.teacher.principal.teacherId ?? 0 };
  let changed = 0;
  return {
    name: 'sync pull after one change',
    kind: 'pull',
    role: 'pull',
    http: {
      method: 'GET',
      path: '/api/sync/pull',
      token: ctx.teacher.token,
      // One phone per connection: its own clientId, all starting from the same cursor.
      setup: (context) => {
        const clientId = (context.clientId ??= randomUUID()) as string;
        return { path: `/api/sync/pull?${query({ clientId, since: ctx.pullCursor })}` };
      },
    },
    raw: async (worker) => {
      let clientId = rawClients.get(worker);
      if (!clientId) rawClients.set(worker, (clientId = randomUUID()));
      // What the route calls: the answer's JSON text where PostgreSQL built it.
      const answer = await pullAnswer(ctx.db, ctx.teacher.principal, PullQuerySchema.parse({ clientId, since: ctx.pullCursor }));
      if (changed === 0) {
        const read: PullResponse = typeof answer === 'string' ? (JSON.parse(answer) as PullResponse) : answer;
        changed = read.classes.length + read.attendance.length;
      }
    },
    ideal: async (worker) => {
      let clientId = idealClients.get(worker);
      if (!clientId) idealClients.set(worker, (clientId = randomUUID()));
      return idealTeacherPull(ctx.pool, caller, clientId, ctx.pullCursor);
    },
    summary: () => `each answer carries ${changed} changed classes and register lines`,
  };
}

export function hotPaths(ctx: PathContext): HotPath[] {
  const teacherId = ctx.teacher.principal.teacherId ?? 0;
  return [
    getPath("teacher's week", '/api/classes/GetByFilter', { teacherId, timePeriod: 'W' }, ctx.teacher,
      (q) => getClassList(ctx.db, ctx.teacher.principal, ClassListQuerySchema.parse(q)),
      () => idealClassList(ctx.pool, 'week', teacherId), "teacher's week"),
    getPath('courses list, filtered', '/api/courses/getall', { statusId: 2, subjectId: ctx.subjectId, excludeArchived: 'true' }, ctx.admin,
      (q) => getCourseList(ctx.db, CourseListQuerySchema.parse(q)),
      () => idealCourseList(ctx.pool, 2, ctx.subjectId), 'unpaged'),
    // What the admin screens ask since the lists are paged (the unpaged calls above stay for clients
    // that send no paging): the first page of each, at the screen's default size.
    getPath('courses list, first page', '/api/courses/getall', { statusId: 2, subjectId: ctx.subjectId, excludeArchived: 'true', page: 1, pageSize: COURSE_PAGE_SIZE }, ctx.admin,
      (q) => getCourseList(ctx.db, CourseListQuerySchema.parse(q)),
      () => idealCoursePage(ctx.pool, 2, ctx.subjectId, 1, COURSE_PAGE_SIZE)),
    getPath('students list page', '/api/students/getall', { companyId: -1, statusId: -1, page: 1 }, ctx.admin,
      (q) => getStudentList(ctx.db, StudentListQuerySchema.parse(q)),
      () => idealStudentPage(ctx.pool, 1)),
    getPath('classes of the month', '/api/classes/GetByFilter', { timePeriod: 'M' }, ctx.admin,
      (q) => getClassList(ctx.db, ctx.admin.principal, ClassListQuerySchema.parse(q)),
      () => idealClassList(ctx.pool, 'month', null), 'unpaged'),
    getPath('classes of the month, first page', '/api/classes/GetByFilter', { timePeriod: 'M', page: 1, pageSize: CLASS_PAGE_SIZE }, ctx.admin,
      (q) => getClassList(ctx.db, ctx.admin.principal, ClassListQuerySchema.parse(q)),
      () => idealClassPage(ctx.pool, CLASS_PAGE_SIZE), 'classes of a month'),
    getPath('dashboard counts', '/api/reports/GetCountStats', {}, ctx.admin, () => countStats(ctx.db), () => idealDashboardCounts(ctx.pool), 'dashboard'),
    // The dashboard's two panels, each a page as the screen asks for it: this month's classes (the
    // panel's M tab) and the teachers with classes to mark.
    getPath('dashboard classes of the month, first page', '/api/reports/GetClassesThisWeek', { period: 'M', pageSize: DASHBOARD_CLASSES_PAGE_SIZE }, ctx.admin,
      (q) => classesInPeriod(ctx.db, ClassesThisWeekQuerySchema.parse(q)),
      () => idealDashboardClassesPage(ctx.pool, DASHBOARD_CLASSES_PAGE_SIZE)),
    getPath('dashboard teachers with unmarked classes, first page', '/api/reports/GetTeachersUnmarkedClassCount', { page: 1, pageSize: TEACHERS_UNMARKED_PAGE_SIZE }, ctx.admin,
      (q) => teachersUnmarked(ctx.db, TeachersUnmarkedQuerySchema.parse(q)),
      () => idealUnmarkedTeachers(ctx.pool, 1, TEACHERS_UNMARKED_PAGE_SIZE)),
    // The page the dashboard tile opens: every student below the threshold, lowest rate first.
    getPath('attendance warnings page', '/api/reports/GetAttendanceWarnings', { page: 1, pageSize: 50 }, ctx.admin,
      (q) => attendanceWarnings(ctx.db, AttendanceWarningListQuerySchema.parse(q)),
      () => idealAttendanceWarnings(ctx.pool, 1)),
    pullPath(ctx),
    pushPath(ctx),
    // The push target names no concurrency: the same push from one phone, nothing queued.
    // Only the targets of every path: the push's throughput target is at the run's connections.
    { ...pushPath(ctx), name: 'sync push, 50 marks, one phone', role: 'other', connections: 1 },
  ];
}
