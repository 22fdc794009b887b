import { z } from 'zod';
import { IdFilterSchema, IdSchema, integerSchema } from './integers.js';
import { PageInfoShape, pageQueryShape, SearchTextSchema } from './list-page.js';
import { AttendanceStatus } from './statuses.js';

// Attendance warnings: each student's attendance rate on each course, and the dashboard
// list of enrolled students of Active courses whose rate is below the school's threshold. (The
// database keeps, beside each rate, whether its place is Enrolled on an Active course: migration
// 2026_11_29_100000 spells the two statuses out; the API tests recompute it with statuses.ts.)
//
// The rate of a student on a course = attended ÷ held, over the register lines of the course's
// taught classes (not NOT_TAUGHT_CLASS_STATUSES of statuses.ts: Archived or Suspended) that were
// marked for that student:
//   attended: lines marked Attended;
//   held:     lines marked Attended, Absent or Late cancellation (a late cancellation is a class
//             missed: the place was kept and the teacher taught it).
// Not counted at all: Pending (the class is not marked yet for this student), Cancelled in advance
// (an absence agreed beforehand), Not enrolled and Not student (not on the register).
// Nothing marked yet (held 0): no rate, shown '—'.

/**
 * Register statuses that count as a class held for the student (the database's kept counts,
 * migration 2026_11_27_110100, spell them out; the API tests recount the register with these).
 */
export const HELD_ATTENDANCE_STATUSES = [AttendanceStatus.Attended, AttendanceStatus.LateCancellation, AttendanceStatus.Absent] as const;

export const DEFAULT_ATTENDANCE_THRESHOLD = 80;

/**
 * The rate as a whole percent, rounded down, so a student listed below 80% never shows '80%'
 * (79.6% is 79%); null when nothing is marked yet.
 */
export function attendancePercent(attended: number, held: number): number | null {
  return held > 0 ? Math.floor((attended * 100) / held) : null;
}

/** '75%', or '—' when nothing is marked yet. */
export function attendanceRateText(attended: number, held: number): string {
  const percent = attendancePercent(attended, held);
  return percent === null ? '—' : `${percent}%`;
}

/** The dashboard tile's and the list's title: 'Students below 80% attendance'. */
export const attendanceWarningsTitle = (threshold: number): string => `Students below ${threshold}% attendance`;

/** Below the threshold: attended ÷ held < threshold %, in exact integers (as the API's SQL). */
export const isBelowThreshold = (attended: number, held: number, threshold: number): boolean => held > 0 && attended * 100 < threshold * held;

// --- The school's threshold --------------------------------------------------------------------

const THRESHOLD_MESSAGE = 'Please give the threshold as a whole percent from 1 to 100';
export const AttendanceThresholdSchema = z.object({ threshold: z.number().int() });
export type AttendanceThreshold = z.infer<typeof AttendanceThresholdSchema>;
export const UpdateAttendanceThresholdRequestSchema = z.object({
  threshold: integerSchema({ min: 1, max: 100 }, { source: 'json', message: THRESHOLD_MESSAGE }),
});
export type UpdateAttendanceThresholdRequest = z.infer<typeof UpdateAttendanceThresholdRequestSchema>;

// --- Rates of one course's students, or of one student's courses ---------------------------------

export const AttendanceRatesQuerySchema = z
  .object({ courseId: IdSchema.optional(), studentId: IdSchema.optional() })
  .refine((q) => (q.courseId === undefined) !== (q.studentId === undefined), {
    error: 'Please give either courseId or studentId',
    path: ['courseId'],
  });
export type AttendanceRatesQuery = z.infer<typeof AttendanceRatesQuerySchema>;

export const AttendanceRateSchema = z.object({
  studentId: z.number().int(),
  courseId: z.number().int(),
  attended: z.number().int(),
  held: z.number().int(),
  /** Whole percent rounded down; null when nothing is marked yet. */
  rate: z.number().int().nullable(),
});
export type AttendanceRate = z.infer<typeof AttendanceRateSchema>;
export const AttendanceRatesSchema = z.object({ rates: z.array(AttendanceRateSchema) });
export type AttendanceRates = z.infer<typeof AttendanceRatesSchema>;

// --- The warning list ----------------------------------------------------------------------------

/** Sort keys: the visible columns (default rate, lowest first). */
export const ATTENDANCE_WARNING_SORT_KEYS = ['student', 'course', 'rate', 'attended', 'held'] as const;
export type AttendanceWarningSortKey = (typeof ATTENDANCE_WARNING_SORT_KEYS)[number];
export const ATTENDANCE_WARNING_PAGE_SIZE = 50;

export const AttendanceWarningListQuerySchema = z.object({
  ...pageQueryShape(ATTENDANCE_WARNING_SORT_KEYS),
  /** Case-insensitive part of the student's name ("first last") or of the course's title. */
  q: SearchTextSchema.optional(),
  /** One course only; -1, 0 or absent: all. */
  courseId: IdFilterSchema,
});
export type AttendanceWarningListQuery = z.infer<typeof AttendanceWarningListQuerySchema>;

export const AttendanceWarningSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  attended: z.number().int(),
  held: z.number().int(),
  rate: z.number().int(),
});
export type AttendanceWarning = z.infer<typeof AttendanceWarningSchema>;

export const AttendanceWarningListSchema = z.object({
  warnings: z.array(AttendanceWarningSchema),
  /** The threshold the list was worked out with (%). */
  threshold: z.number().int(),
  ...PageInfoShape,
});
export type AttendanceWarningList = z.infer<typeof AttendanceWarningListSchema>;

/** The dashboard tile: how many rows the warning list has (all pages, no filter) at the threshold. */
export const AttendanceWarningCountSchema = z.object({ threshold: z.number().int(), total: z.number().int() });
export type AttendanceWarningCount = z.infer<typeof AttendanceWarningCountSchema>;

/** The tile's link. */
export const ATTENDANCE_WARNINGS_PATH = '/attendance-warnings';
