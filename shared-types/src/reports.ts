import { z } from 'zod';
import { IdSchema, integerSchema } from './integers.js';
import { dmyToIso } from './dates.js';
import { DEFAULT_PAGE_SIZE, PageInfoShape, pageQueryShape, SearchTextSchema } from './list-page.js';

// Settlement (teacher pay) reports and the printable reports: spec courses-classes-payments
// §2.9, §2.10, §3 (payment header, payment item, teacher payment) and §7 /api/reports/*.
//
// Money: every amount is sent twice, as integer pence (`…Pence`, the figure to compute with) and as
// a pounds number under the spec's field name (display only). Format with money.ts formatPounds.
//
// Calls (all GET, bearer header; A = CompanyAdmin, T = Teacher, own figures only):
//   GetTeacherPaymentReportAuto  A,T  ClassesToProcessQuery            → PaymentReport
//   RaisePaymentReport           A    RaisePaymentReportQuery          → PaymentReport (400 NO_CLASSES_TO_PROCESS when nothing is left)
//   DeletePayments               A    DeletePaymentsQuery              → DeletePaymentsResponse
//   GetSettlementReports         A,T  SettlementReportsQuery           → PaymentHeaderList
//   GetPaymentHeaders            A    PaymentHeadersQuery              → PaymentHeaderList
//   GetPaymentHeadersByYear      A    PaymentHeadersByYearQuery        → PaymentHeaderList
//   GetPaymentYears              A    —                                → PaymentYears
//   GetRaisedPaymentReport       A,T  RaisedPaymentReportQuery         → PaymentReport (404 for a teacher not in it)
//   GetStudentCourseAttendence   A    StudentCourseAttendanceQuery     → StudentCourseAttendance
//   PaymentReportCsv             A    PaymentReportCsvQuery            → text/csv
//   ClassesToProcessCsv          A    ClassesToProcessCsvQuery         → text/csv
// Raising and deleting publish a notice (notices.ts) once committed.

// ---------------------------------------------------------------------------------------------
// Query values

/** Calendar date in d/m/yyyy (as the spec sends dates) or yyyy-MM-dd; parsed to 'yyyy-MM-dd'. */
export const ReportDateSchema = z.string().trim().transform((text, ctx) => {
  const iso = parseReportDate(text);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid date as d/m/yyyy' });
    return z.NEVER;
  }
  return iso;
});

/** d/m/yyyy (dates.ts rules) or a real yyyy-MM-dd date to 'yyyy-MM-dd', else null. */
export function parseReportDate(text: string): string | null {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!ymd) return dmyToIso(text);
  return dmyToIso(`${ymd[3]}/${ymd[2]}/${ymd[1]}`);
}

/**
 * teacherIds as a comma list ('3,5'), repeated (teacherIds=3&teacherIds=5) or both; duplicates
 * dropped. Each item is an id as IdSchema reads it: '3, 5' and '3,,5' are refused.
 */
export const TeacherIdsSchema = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
}, z.array(IdSchema).max(1000)).transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------------------------
// Requests

/** GetTeacherPaymentReportAuto: classes to process up to periodEndDate, or a raised report by id. */
export const ClassesToProcessQuerySchema = z.object({
  /** Empty: every teacher (admin). A teacher may ask only for themself. */
  teacherIds: TeacherIdsSchema.optional(),
  /** Classes dated on or before this London date; default today. */
  periodEndDate: ReportDateSchema.optional(),
  /** When set, the raised report instead (as GetRaisedPaymentReport). */
  paymentHeaderId: IdSchema.optional(),
});
export type ClassesToProcessQuery = z.infer<typeof ClassesToProcessQuerySchema>;

/** RaisePaymentReport. dateToShow is accepted for compatibility and not used. */
export const RaisePaymentReportQuerySchema = z.object({
  teacherIds: TeacherIdsSchema.refine((ids) => ids.length > 0, 'Please select at least one teacher'),
  periodEndDate: ReportDateSchema,
  dateToShow: z.string().optional(),
});
export type RaisePaymentReportQuery = z.infer<typeof RaisePaymentReportQuerySchema>;

/** DeletePayments: the whole report, or with teacherId only that teacher's part of it. */
export const DeletePaymentsQuerySchema = z.object({
  paymentHeaderId: IdSchema,
  teacherId: IdSchema.optional(),
});
export type DeletePaymentsQuery = z.infer<typeof DeletePaymentsQuerySchema>;

/** The settlement history's sort keys: its visible columns (default the period end, newest first). */
export const SETTLEMENT_SORT_KEYS = ['title', 'periodEndDate', 'dateCreated', 'teacherCount', 'classCount', 'amount'] as const;
export type SettlementSortKey = (typeof SETTLEMENT_SORT_KEYS)[number];
export const SETTLEMENT_DEFAULT_SORT = 'periodEndDate' satisfies SettlementSortKey;
/** Dates newest first when no direction is asked for; the rest A to Z / smallest first. */
export const SETTLEMENT_SORT_NATURAL_DIR = { periodEndDate: 'desc', dateCreated: 'desc' } as const satisfies Partial<Record<SettlementSortKey, 'asc' | 'desc'>>;
/** The spec names no page size for settlement reports. */
export const SETTLEMENT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * GetSettlementReports: reports containing teacherId (a teacher: their own, the default). With
 * page or pageSize one page, sorted, with the total; without them every report, newest first.
 */
export const SettlementReportsQuerySchema = z.object(pageQueryShape(SETTLEMENT_SORT_KEYS)).extend({
  /** Part of the report's title or of the name of who raised it (any case). */
  q: SearchTextSchema.optional(),
  teacherId: IdSchema.optional(),
});
export type SettlementReportsQuery = z.infer<typeof SettlementReportsQuerySchema>;

/** GetPaymentHeaders: reports of dateToShow's month (by period end), or every report without it. */
export const PaymentHeadersQuerySchema = z.object({ dateToShow: ReportDateSchema.optional() });
export type PaymentHeadersQuery = z.infer<typeof PaymentHeadersQuerySchema>;

/** GetPaymentHeadersByYear (the settlement history): paged like GetSettlementReports. */
export const PaymentHeadersByYearQuerySchema = z.object(pageQueryShape(SETTLEMENT_SORT_KEYS)).extend({
  /** Part of the report's title or of the name of who raised it (any case). */
  q: SearchTextSchema.optional(),
  year: integerSchema({ min: 2000, max: 2200 }),
});
export type PaymentHeadersByYearQuery = z.infer<typeof PaymentHeadersByYearQuerySchema>;

/** GetRaisedPaymentReport (print page): the whole report, or one teacher's part (a teacher: theirs). */
export const RaisedPaymentReportQuerySchema = z.object({
  paymentHeaderId: IdSchema,
  teacherId: IdSchema.optional(),
});
export type RaisedPaymentReportQuery = z.infer<typeof RaisedPaymentReportQuerySchema>;

export const PaymentReportCsvQuerySchema = z.object({ paymentHeaderId: IdSchema });
export type PaymentReportCsvQuery = z.infer<typeof PaymentReportCsvQuerySchema>;

export const ClassesToProcessCsvQuerySchema = z.object({
  teacherIds: TeacherIdsSchema.optional(),
  periodEndDate: ReportDateSchema.optional(),
});
export type ClassesToProcessCsvQuery = z.infer<typeof ClassesToProcessCsvQuerySchema>;

export const StudentCourseAttendanceQuerySchema = z.object({ courseId: IdSchema });
export type StudentCourseAttendanceQuery = z.infer<typeof StudentCourseAttendanceQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses

export const ReportTeacherSchema = z.object({
  teacherId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Avatar image path with a {size} placeholder, or null. */
  avatar: z.string().nullable(),
});
export type ReportTeacher = z.infer<typeof ReportTeacherSchema>;

/** One class to pay (spec: payment item/line). */
export const PaymentItemSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  /** Course title and description. */
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  /** London date of the class, 'yyyy-MM-dd'. */
  classDate: z.string(),
  /** dd/MM/yyyy */
  classSeperateDateString: z.string(),
  /** HH:mm, London time */
  classSeperateTimeString: z.string(),
  /** Minutes. */
  classLength: z.number().int(),
  ratePerHour: z.number(),
  ratePerHourPence: z.number().int(),
  classPaymentTotal: z.number(),
  classPaymentPence: z.number().int(),
  /** Total of this item's course in this teacher's report (repeated on each of its items). */
  coursePaymentTotal: z.number(),
  coursePaymentPence: z.number().int(),
  /** True on the first item of each course: where a printed course group starts. */
  newRecord: z.boolean(),
});
export type PaymentItem = z.infer<typeof PaymentItemSchema>;

export const CoursePaymentSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  classCount: z.number().int(),
  totalMinutes: z.number().int(),
  coursePaymentTotal: z.number(),
  coursePaymentPence: z.number().int(),
});
export type CoursePayment = z.infer<typeof CoursePaymentSchema>;

/** One teacher's part: items ordered by course title, then class date and time. */
export const TeacherPaymentSchema = z.object({
  teacher: ReportTeacherSchema,
  paymentItems: z.array(PaymentItemSchema),
  courses: z.array(CoursePaymentSchema),
  paymentTotal: z.number(),
  paymentTotalPence: z.number().int(),
  totalMinutes: z.number().int(),
  /** totalMinutes / 60, two decimals. */
  totalTimeHours: z.number(),
});
export type TeacherPayment = z.infer<typeof TeacherPaymentSchema>;

export const PaymentHeaderSchema = z.object({
  paymentHeaderId: z.number().int(),
  /** e.g. 'Settlement report November 2026' (revisions after the first add ' (revision N)'). */
  title: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  /** e.g. 'November 2026' */
  monthYear: z.string(),
  /** 1 for a month's first report, then 2, 3… */
  revision: z.number().int(),
  /** ISO instant the report was raised. */
  dateCreated: z.string(),
  /** dd/MM/yyyy, London date raised. */
  dateCreatedString: z.string(),
  periodEndDate: z.string(),
  /** dd/MM/yyyy */
  periodEndDateString: z.string(),
  /** The report's total, or, when the list is for one teacher, that teacher's part of it. */
  amountTotal: z.number(),
  amountTotalPence: z.number().int(),
  /** amountTotal formatted, e.g. '£1,234.56'. */
  payment: z.string(),
  classCount: z.number().int(),
  teacherCount: z.number().int(),
  createdBy: z.string().nullable(),
});
export type PaymentHeader = z.infer<typeof PaymentHeaderSchema>;

/** The reports; a paged call (page or pageSize) also answers the total of every match and the page it is. */
export const PaymentHeaderListSchema = z.object({
  paymentHeaders: z.array(PaymentHeaderSchema),
  total: PageInfoShape.total.optional(),
  page: PageInfoShape.page.optional(),
  pageSize: PageInfoShape.pageSize.optional(),
  sort: PageInfoShape.sort.optional(),
  dir: PageInfoShape.dir.optional(),
});
export type PaymentHeaderList = z.infer<typeof PaymentHeaderListSchema>;

export const PaymentYearsSchema = z.object({ years: z.array(z.number().int()) });
export type PaymentYears = z.infer<typeof PaymentYearsSchema>;

/**
 * Classes to process (paymentHeader null) or a raised report (paymentHeader set; its figures are
 * the copies taken when it was raised). Teachers ordered by last name, then first name.
 */
export const PaymentReportSchema = z.object({
  paymentHeader: PaymentHeaderSchema.nullable(),
  periodEndDate: z.string(),
  periodEndDateString: z.string(),
  teachers: z.array(TeacherPaymentSchema),
  classCount: z.number().int(),
  grandTotal: z.number(),
  grandTotalPence: z.number().int(),
});
export type PaymentReport = z.infer<typeof PaymentReportSchema>;

export const DeletePaymentsResponseSchema = z.object({
  paymentHeaderId: z.number().int(),
  /** True when the whole report went; false when only a teacher's part did and the rest remains. */
  headerDeleted: z.boolean(),
  /** Classes returned to Marked. */
  classIds: z.array(z.number().int()),
  /** The remaining report's total (0 when deleted). */
  amountTotalPence: z.number().int(),
});
export type DeletePaymentsResponse = z.infer<typeof DeletePaymentsResponseSchema>;

export const NO_CLASSES_TO_PROCESS_MESSAGE = 'There are no classes to process for this period';
export const NO_CLASSES_TO_PROCESS_CODE = 'NO_CLASSES_TO_PROCESS';
export const DELETE_PAYMENT_CONFIRMATION = 'Are you sure wish to remove this payment?';

export const EMPTY_TEXTS = {
  settlementReports: 'No settlement reports currently',
  teacherSettlementReports: 'This teacher does not have any settlement reports',
  teacherClassesToProcess: 'This teacher does not have any classes to process',
} as const;

// ---------------------------------------------------------------------------------------------
// Student attendance report (/reports/printstudentattendence)

export const ATTENDANCE_REPORT_ROW_LIMIT = 3000;

export const AttendanceReportClassSchema = z.object({
  classId: z.number().int(),
  classDate: z.string(),
  classDateString: z.string(),
  time: z.string(),
  classLength: z.number().int(),
  /** Class status with "requires marking" (2) derived from the clock. */
  statusId: z.number().int(),
});

export const AttendanceReportStudentSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /**
   * One status per class, in the order of `classes`: 0 not enrolled, 1 pending, 2 attended,
   * 3 late cancellation, 4 cancelled in advance, 5 absent, 6 not student (no register line: 0).
   */
  statuses: z.array(z.number().int()),
  /** 2 */
  attended: z.number().int(),
  /** 3, 4 and 5: booked but not there. */
  absent: z.number().int(),
  /** 1 */
  pending: z.number().int(),
  /** 0, 6 or no register line. */
  notEnrolled: z.number().int(),
});

export const StudentCourseAttendanceSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  level: z.string(),
  startDate: z.string().nullable(),
  startDateString: z.string().nullable(),
  /** Sum of the course's class lengths; show as Xh Ym (money.ts formatHoursMinutes). */
  totalMinutes: z.number().int(),
  classes: z.array(AttendanceReportClassSchema),
  students: z.array(AttendanceReportStudentSchema),
  /** More than ATTENDANCE_REPORT_ROW_LIMIT register lines: the report stops at the limit. */
  truncated: z.boolean(),
});
export type StudentCourseAttendance = z.infer<typeof StudentCourseAttendanceSchema>;
