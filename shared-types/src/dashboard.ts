import { z } from 'zod';
import type { CourseListQuery } from './courses.js';
import { integerSchema, PageNumberSchema } from './integers.js';
import { KeysetPageInfoShape, PageCursorSchema, pageSizeSchema } from './list-page.js';
import { PaymentHeaderSchema } from './reports.js';

// Admin dashboard (spec §2.11) and teacher dashboard (§2.12). All dates and periods are London
// time; weeks start on Monday. The figures are computed in the API's dashboard repository; the
// course tiles' figure rules (time discrepancy, expiring, classes remaining) once, as facts the
// database keeps per course (migration 2026_11_29_110000), which the courses list filters on too.

/**
 * The five tiles. Each is the number of rows of the list its link opens (COUNT_TILE_LINKS):
 * - unmarkedClassTotal → /classes?statusId=2: classes requiring marking (ended, stored status 1 or 2).
 * - the four course tiles: the courses list's rows for COURSE_TILE_QUERIES, the query the courses
 *   page makes for the link; the API counts them with the list's own filters.
 */
export const CountStatsSchema = z.object({
  unmarkedClassTotal: z.number().int(),
  draftCourseTotal: z.number().int(),
  lessThanThreeClassesRemaining: z.number().int(),
  classCountErrorTotal: z.number().int(),
  expiredTotal: z.number().int(),
});
export type CountStats = z.infer<typeof CountStatsSchema>;

export const COURSES_REMAINING_THRESHOLD = 3;

/** The tiles' links (spec §2.11), keyed like CountStats. */
export const COUNT_TILE_LINKS: Record<keyof CountStats, string> = {
  expiredTotal: '/courses?expiredClasses=true&statusId=2',
  lessThanThreeClassesRemaining: '/courses?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True',
  unmarkedClassTotal: '/classes?statusId=2',
  classCountErrorTotal: '/courses?showClassCountErrors=True',
  draftCourseTotal: '/courses?statusId=1',
};

/**
 * What the courses page asks GET /api/courses/getall for each course tile's link (parsed as
 * CourseListQuery; a link without statusId opens the page on its default, Active):
 * - expiredTotal: Active courses whose last class is past or on one of the next
 *   EXPIRING_WITHIN_DAYS (14) London days;
 * - lessThanThreeClassesRemaining: Active or Completed courses with classes remaining
 *   (duration − classes started) ≤ 3;
 * - classCountErrorTotal: Active courses whose time discrepancy (classLengthTemplate × duration −
 *   minutes of the classes generated) is not 0 (a Draft being set up is not counted: its page does
 *   not show it);
 * - draftCourseTotal: courses in Draft.
 */
export const COURSE_TILE_QUERIES = {
  expiredTotal: { statusId: 2, expiredClasses: true },
  lessThanThreeClassesRemaining: { classesRemaining: COURSES_REMAINING_THRESHOLD, showOnlyActiveAndCompleted: true },
  classCountErrorTotal: { statusId: 2, showClassCountErrors: true },
  draftCourseTotal: { statusId: 1 },
} as const satisfies Record<Exclude<keyof CountStats, 'unmarkedClassTotal'>, Partial<CourseListQuery>>;

export const UnmarkedTeacherSchema = z.object({
  teacherId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  /** Classes of this teacher requiring marking (as unmarkedClassTotal). */
  count: z.number().int(),
});
/** Teachers on a page of the dashboard's panel (the spec names none). */
export const TEACHERS_UNMARKED_PAGE_SIZE = 10;

/** page or pageSize: one page of the teachers, most unmarked classes first; without them every teacher, as before. */
export const TeachersUnmarkedQuerySchema = z.object({
  page: PageNumberSchema.optional(),
  pageSize: pageSizeSchema().optional(),
});
export type TeachersUnmarkedQuery = z.infer<typeof TeachersUnmarkedQuerySchema>;

export const TeachersUnmarkedClassCountSchema = z.object({
  teachers: z.array(UnmarkedTeacherSchema),
  /** Teachers with classes requiring marking (all pages). */
  total: z.number().int(),
  page: KeysetPageInfoShape.page.optional(),
  pageSize: KeysetPageInfoShape.pageSize.optional(),
});
export type TeachersUnmarkedClassCount = z.infer<typeof TeachersUnmarkedClassCountSchema>;

/** D today, W this week (Monday–Sunday), M this month; dateMultiplier shifts by whole periods. */
export const PeriodCodeSchema = z.enum(['D', 'W', 'M']);
export type PeriodCode = z.infer<typeof PeriodCodeSchema>;

/** Rows of a page of the classes-in-period panel (the spec names none): about two heights of its scroll box. */
export const DASHBOARD_CLASSES_PAGE_SIZE = 20;
/** A call without paging (older clients) answers at most this many classes; total says how many there are. */
export const DASHBOARD_CLASSES_LIMIT = 5_000;

/**
 * page, pageSize and after (the `next` of the page before) ask for one page, by start then class
 * id; without them the call answers the period's first DASHBOARD_CLASSES_LIMIT classes, as before.
 */
export const ClassesThisWeekQuerySchema = z.object({
  period: PeriodCodeSchema.default('W'),
  dateMultiplier: integerSchema({ min: -520, max: 520 }).prefault(0),
  page: PageNumberSchema.optional(),
  pageSize: pageSizeSchema().optional(),
  after: PageCursorSchema.optional(),
});
export type ClassesThisWeekQuery = z.infer<typeof ClassesThisWeekQuerySchema>;

export const DashboardClassSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  title: z.string(),
  subject: z.string(),
  subjectColor: z.string(),
  level: z.string(),
  company: z.string().nullable(),
  teacherId: z.number().int(),
  teacher: z.string(),
  /** 'yyyy-MM-dd', London */
  classDate: z.string(),
  /** dd/MM/yyyy */
  classDateString: z.string(),
  /** HH:mm, London */
  time: z.string(),
  endTime: z.string(),
  classLength: z.number().int(),
  /** Stored status with 2 (Requires marking) derived for ended, unmarked classes. */
  statusId: z.number().int(),
  studentCount: z.number().int(),
});
export type DashboardClass = z.infer<typeof DashboardClassSchema>;

/** Classes of the period (Archived and Suspended left out), by start. */
export const ClassesInPeriodSchema = z.object({
  period: PeriodCodeSchema,
  /** First and last London dates of the period, 'yyyy-MM-dd'. */
  from: z.string(),
  to: z.string(),
  /** e.g. '16/11/2026 - 22/11/2026' */
  datesSelected: z.string(),
  classes: z.array(DashboardClassSchema),
  /** Classes of the period (all pages). */
  total: z.number().int(),
  /** A paged call's page, page size and the cursor of the page after it (null on the last). */
  page: KeysetPageInfoShape.page.optional(),
  pageSize: KeysetPageInfoShape.pageSize.optional(),
  next: KeysetPageInfoShape.next.optional(),
});
export type ClassesInPeriod = z.infer<typeof ClassesInPeriodSchema>;

/** Classes per subject from 1 January to now (London), Archived and Suspended classes left out. */
export const SubjectPercentageSchema = z.object({
  subjectId: z.number().int(),
  name: z.string(),
  color: z.string(),
  subjectCountYtd: z.number().int(),
  /** subjectCountYtd / classCountYtd × 100, one decimal. */
  percentage: z.number(),
});
export const SubjectPercentagesSchema = z.object({
  year: z.number().int(),
  classCountYtd: z.number().int(),
  subjects: z.array(SubjectPercentageSchema),
});
export type SubjectPercentages = z.infer<typeof SubjectPercentagesSchema>;

/** Twelve rows, January first: classes dated in each month (London), last year (1) and this year (2); Archived and Suspended left out. */
export const ClassMonthlyCountSchema = z.object({
  months: z.array(z.object({ month: z.number().int(), monthShortName: z.string(), classCount1: z.number().int(), classCount2: z.number().int() })),
});
export type ClassMonthlyCount = z.infer<typeof ClassMonthlyCountSchema>;

/** Twelve rows, January first: students who joined (students.joined_at) in each month, last year and this year. */
export const StudentMonthlyCountSchema = z.object({
  months: z.array(z.object({ month: z.number().int(), monthShortName: z.string(), studentCount1: z.number().int(), studentCount2: z.number().int() })),
});
export type StudentMonthlyCount = z.infer<typeof StudentMonthlyCountSchema>;

/** Headline figures. A class is "held" once its start is in the past (as a course's takenPlace); Archived (4) and Suspended (5) classes are left out. */
export const HighLevelStatsSchema = z.object({
  activeCourses: z.number().int(),
  /** Students enrolled (1) on at least one Active course. */
  activeStudents: z.number().int(),
  /** Teachers with a class this month. */
  teachersThisMonth: z.number().int(),
  classesHeldThisMonth: z.number().int(),
  hoursHeldThisMonth: z.number(),
  classesHeldYtd: z.number().int(),
  hoursHeldYtd: z.number(),
  /** Sum of the settlement reports whose period ends this year. */
  paidYtdPence: z.number().int(),
  /** Marked classes not yet in a report, priced at their current rates: what raising would pay. */
  awaitingSettlementPence: z.number().int(),
  awaitingSettlementClasses: z.number().int(),
});
export type HighLevelStats = z.infer<typeof HighLevelStatsSchema>;

/** The signed-in teacher's own figures. */
export const TeacherDashboardSchema = z.object({
  teacherId: z.number().int(),
  /** Classes dated this month (London) that are marked or paid: paid ones at the reported amount, marked ones at their current rate. */
  earningsThisMonthPence: z.number().int(),
  /** earningsThisMonthPence formatted, e.g. '£1,234.56'. */
  earningsThisMonth: z.string(),
  /** Marked classes of any date not yet in a settlement report, at current rates. */
  awaitingSettlementPence: z.number().int(),
  /** Classes that have ended and are not marked. */
  classesToMark: z.number().int(),
  /** Classes this week (Monday–Sunday), Archived and Suspended left out. */
  classesThisWeek: z.number().int(),
  /** The teacher's five latest settlement reports; amounts are the teacher's part. */
  settlementReports: z.array(PaymentHeaderSchema),
});
export type TeacherDashboard = z.infer<typeof TeacherDashboardSchema>;
