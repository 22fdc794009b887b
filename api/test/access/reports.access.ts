import { createTeacherWithMarkedClass, insertReport } from '../helpers/payment-factories.js';
import type { AccessCase, AccessContext, SignedInCaller } from './access-case.js';
import { NOT_YOURS, onlyFor } from './access-case.js';

// Settlement reports, printable reports, exports, dashboards and live notices.
// Settlement and dashboard calls are the admin's; a teacher reaches only their own payments,
// dashboard and notices; students reach none of it.

const ADMIN_ONLY = onlyFor('admin');
const TEACHERS_OWN = { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 } satisfies Record<SignedInCaller, number | number[]>;

/** A fresh report holding one class of the demo `teacher` only (so teacher2 is not in it). */
async function newReportOfTeacher(ctx: AccessContext): Promise<number> {
  const { classId } = await createTeacherWithMarkedClass(ctx.db, { teacherId: ctx.teacherId, startsAt: '2025-02-10T10:00:00Z' });
  return insertReport(ctx.db, [classId], { periodEndDate: '2025-02-28' });
}

// The read-only cases share one such report, so the demo school gains one course, not dozens.
const shared = new WeakMap<AccessContext, Promise<number>>();
function reportOfTeacher(ctx: AccessContext): Promise<number> {
  let report = shared.get(ctx);
  if (!report) {
    report = newReportOfTeacher(ctx);
    shared.set(ctx, report);
  }
  return report;
}

const adminGet = (route: string, query = ''): AccessCase => ({
  method: 'GET',
  route,
  request: () => ({ url: `${route}${query}` }),
  expect: ADMIN_ONLY,
});

export const cases: AccessCase[] = [
  // The audit trail: admins only.
  { method: 'GET', route: '/api/audit/list', request: async () => ({ url: '/api/audit/list?recordType=course' }), expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/audit/actors', request: async () => ({ url: '/api/audit/actors' }), expect: ADMIN_ONLY },
  {
    method: 'GET',
    route: '/api/reports/GetTeacherPaymentReportAuto',
    label: "the demo teacher's classes to process",
    request: (ctx) => ({ url: `/api/reports/GetTeacherPaymentReportAuto?teacherIds=${ctx.teacherId}&periodEndDate=31/12/2030` }),
    expect: TEACHERS_OWN,
  },
  {
    method: 'GET',
    route: '/api/reports/GetTeacherPaymentReportAuto',
    label: 'a raised report by id',
    request: async (ctx) => ({ url: `/api/reports/GetTeacherPaymentReportAuto?paymentHeaderId=${await reportOfTeacher(ctx)}` }),
    expect: TEACHERS_OWN,
  },
  {
    method: 'GET',
    route: '/api/reports/RaisePaymentReport',
    // A fresh teacher with a marked class for the admin, so the raise has something to pay.
    request: async (ctx, caller) => {
      const teacherId = caller === 'admin' ? (await createTeacherWithMarkedClass(ctx.db, { startsAt: '2025-01-10T10:00:00Z' })).teacherId : ctx.teacherId;
      return { url: `/api/reports/RaisePaymentReport?teacherIds=${teacherId}&periodEndDate=31/1/2025` };
    },
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/reports/DeletePayments',
    // Only the admin's delete succeeds, so only the admin needs a report of its own.
    request: async (ctx, caller) => ({
      url: `/api/reports/DeletePayments?paymentHeaderId=${await (caller === 'admin' ? newReportOfTeacher(ctx) : reportOfTeacher(ctx))}`,
    }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/reports/GetSettlementReports',
    request: (ctx) => ({ url: `/api/reports/GetSettlementReports?teacherId=${ctx.teacherId}` }),
    expect: TEACHERS_OWN,
  },
  {
    method: 'GET',
    route: '/api/reports/GetRaisedPaymentReport',
    request: async (ctx) => ({ url: `/api/reports/GetRaisedPaymentReport?paymentHeaderId=${await reportOfTeacher(ctx)}` }),
    expect: TEACHERS_OWN,
  },
  adminGet('/api/reports/GetPaymentHeaders', '?dateToShow=1/2/2025'),
  adminGet('/api/reports/GetPaymentHeadersByYear', '?year=2025'),
  adminGet('/api/reports/GetPaymentYears'),
  {
    method: 'GET',
    route: '/api/reports/GetStudentCourseAttendence',
    request: async (ctx) => {
      const course = await ctx.db.selectFrom('courses').select('courseId').orderBy('courseId').executeTakeFirstOrThrow();
      return { url: `/api/reports/GetStudentCourseAttendence?courseId=${course.courseId}` };
    },
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/reports/PaymentReportCsv',
    request: async (ctx) => ({ url: `/api/reports/PaymentReportCsv?paymentHeaderId=${await reportOfTeacher(ctx)}` }),
    expect: ADMIN_ONLY,
  },
  adminGet('/api/reports/ClassesToProcessCsv', '?periodEndDate=31/12/2030'),
  adminGet('/api/reports/GetCountStats'),
  adminGet('/api/reports/GetTeachersUnmarkedClassCount'),
  adminGet('/api/reports/GetClassesThisWeek', '?period=W'),
  adminGet('/api/reports/GetSubjectPercentages'),
  adminGet('/api/reports/GetClassMonthlyCount'),
  adminGet('/api/reports/GetStudentMonthlyCount'),
  adminGet('/api/reports/GetHighLevelStats'),
  adminGet('/api/reports/GetAttendanceWarnings', '?sort=rate&page=1'),
  adminGet('/api/reports/GetAttendanceWarningCount'),
  adminGet('/api/settings/GetAttendanceThreshold'),
  {
    method: 'GET',
    route: '/api/reports/GetAttendanceRates',
    request: (ctx) => ({ url: `/api/reports/GetAttendanceRates?studentId=${ctx.studentId}` }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/settings/UpdateAttendanceThreshold',
    // The default again, so the other files' dashboards are unchanged.
    request: () => ({ url: '/api/settings/UpdateAttendanceThreshold', payload: { threshold: 80 } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/reports/GetTeacherDashboard',
    request: () => ({ url: '/api/reports/GetTeacherDashboard' }),
    expect: onlyFor('teacher', 'teacher2'),
  },
  {
    method: 'POST',
    route: '/api/notices/ticket',
    request: () => ({ url: '/api/notices/ticket' }),
    expect: onlyFor('admin', 'teacher', 'teacher2'),
  },
  {
    method: 'GET',
    route: '/api/notices/stream',
    // maxSeconds=0: the stream sends `ready` and ends, so the request completes.
    request: () => ({ url: '/api/notices/stream?maxSeconds=0' }),
    expect: onlyFor('admin', 'teacher', 'teacher2'),
  },
  {
    method: 'GET',
    route: '/api/notices/events',
    public: true,
    // Opened by its own single-use ?ticket=, never the bearer header: without a valid one, 401 for all.
    // (Valid, used and expired tickets and teacher scoping are in test/notices.)
    request: () => ({ url: '/api/notices/events?ticket=not-a-ticket&maxSeconds=0' }),
    expect: { admin: 401, teacher: 401, teacher2: 401, student: 401 },
  },
];
