import { z } from 'zod';
import { QueryBooleanSchema } from './common.js';
import { BodyIdOrZeroSchema, BodyIdSchema, filterSchema, IdFilterSchema, IdSchema, INT32_MAX, integerSchema } from './integers.js';
import { DmyDateSchema, OptionalDmyDateSchema, TimeSchema } from './dates.js';
import { KeysetPageInfoShape, keysetPageQueryShape } from './list-page.js';

// Classes (spec §2.3–2.6, §3): the list, the generator, changes to one class or a series.

// The generator's skipped days live here, not in closures.ts, so the phone's week (which reads
// classes.ts) does not also load the closures screen's schemas (teacher first-visit budget).
/** A date the generator left out because the school is shut, and which closure shuts it. */
export const SkippedDateSchema = z.object({
  /** 'yyyy-MM-dd'. */
  date: z.string(),
  /** 'dd/MM/yyyy'. */
  dateString: z.string(),
  closureName: z.string(),
});
export type SkippedDate = z.infer<typeof SkippedDateSchema>;

/** A class as every list and screen shows it. Times are London wall-clock. */
export const ClassItemSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  classSeriesId: z.number().int(),
  /** Same as classSeriesId (the spec uses both names). */
  seriesId: z.number().int(),
  teacherId: z.number().int(),
  teacher: z.string(),
  teacherRateId: z.number().int(),
  /** Rate description, e.g. "Standard". */
  teacherRate: z.string(),
  roomId: z.number().int().nullable(),
  room: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  /** The venue: company address as one line, else the course's defined address. */
  address: z.string().nullable(),
  definedAddress: z.string().nullable(),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** 'dd/MM/yyyy'. */
  classDateString: z.string(),
  /** 'dd-MMM-yyyy' (e.g. 23-Nov-2026), as the mobile cards show it. */
  classDateMobile: z.string(),
  /** 'Monday' … 'Sunday'. */
  weekday: z.string(),
  dayWeekId: z.number().int(),
  /** 'HH:mm' start; classTime is the same value. */
  time: z.string(),
  classTime: z.string(),
  classEndTime: z.string(),
  /** 'HH:mm - HH:mm'. */
  classDatesCombined: z.string(),
  /** Minutes. */
  classLength: z.number().int(),
  course: z.string(),
  courseDescription: z.string(),
  courseStatusId: z.number().int(),
  courseTypeId: z.number().int(),
  courseType: z.string(),
  subjectId: z.number().int(),
  subject: z.string(),
  subjectColor: z.string(),
  courseLevelId: z.number().int(),
  level: z.string(),
  /** Students on the register (attendance lines other than 0 "not enrolled"). */
  studentCount: z.number().int(),
  /** Derived now: 0, 1 Scheduled, 2 Requires marking, 3 Marked, 4, 5, 6 Paid. */
  seriesStatusId: z.number().int(),
  /** The calling student's own attendance status on this class, else null. */
  classStudentStatusId: z.number().int().nullable(),
  paymentHeaderId: z.number().int().nullable(),
  /** Row version, bumped on every change (offline edits compare against it). */
  version: z.number().int(),
});
export type ClassItem = z.infer<typeof ClassItemSchema>;

/** Most classes a call without paging answers (the older clients' whole list). */
export const CLASS_LIST_LIMIT = 2000;

/**
 * The admin classes list's sort keys, its columns (spec §2.6): Day (ISO weekday), Date (the start,
 * the default), Time (of day), Course name, Subject, Level, Students, Teacher, Status.
 */
export const CLASS_SORT_KEYS = ['day', 'date', 'time', 'course', 'subject', 'level', 'students', 'teacher', 'status'] as const;
export type ClassSortKey = (typeof CLASS_SORT_KEYS)[number];
/** A class row is ~1 KB: 50 of them stay well under 100 KB. */
export const CLASS_MAX_PAGE_SIZE = 50;
export const CLASS_PAGE_SIZE = 50;

// Paging by keyset: send the last answer's `next` as `after` for the page after it. Extended rather
// than spread, so that pages which never read the schema leave it out (see courses.ts).
export const ClassListQuerySchema = z.object(keysetPageQueryShape(CLASS_SORT_KEYS, CLASS_MAX_PAGE_SIZE)).extend({
  /** Teachers may leave it out (their own classes) but not name another teacher. */
  teacherId: IdFilterSchema,
  courseId: IdFilterSchema,
  paymentHeaderId: IdFilterSchema,
  /** Students may leave it out (their own classes) but not name another student. */
  studentId: IdFilterSchema,
  /** D day, W week (Monday to Sunday), M month, Y year, around London today; absent: no period. */
  timePeriod: z.string().trim().toUpperCase().pipe(z.enum(['D', 'W', 'M', 'Y'])).optional(),
  /** Offsets the period: -1 the previous one, 1 the next. */
  dateMultiplier: integerSchema({ min: -1000, max: 1000 }).prefault(0),
  ExcludePaid: QueryBooleanSchema.optional(),
  /** Only classes that have not started yet. */
  showRemainingOnly: QueryBooleanSchema.optional(),
  subjectId: IdFilterSchema,
  levelId: IdFilterSchema,
  /** The derived status (1, 2, 3, 6 …); -1 or absent: all. */
  statusId: filterSchema(6),
  /** Case-insensitive substring of the course title. */
  title: z.string().trim().max(200).optional(),
  /** London dates, inclusive. */
  startDate: OptionalDmyDateSchema,
  endDate: OptionalDmyDateSchema,
});
export type ClassListQuery = z.infer<typeof ClassListQuerySchema>;

/**
 * With page, pageSize or after: one page of the classes matching, in the asked order, with the
 * page info (next: the cursor of the following page). Without them: the first CLASS_LIST_LIMIT
 * classes by start.
 */
export const ClassListResponseSchema = z.object({
  classes: z.array(ClassItemSchema),
  /** The period as a heading needs it: '23/11/2026', '23/11/2026 - 29/11/2026', 'November 2026', '2026' or ''. */
  datesSelected: z.string(),
  /** Classes matching (all pages; without paging the list stops at CLASS_LIST_LIMIT). */
  total: z.number().int(),
  /** Students on the registers (the sum of studentCount) of the matching classes: all pages when paged, else the classes answered. */
  studentTotal: z.number().int(),
  page: KeysetPageInfoShape.page.optional(),
  pageSize: KeysetPageInfoShape.pageSize.optional(),
  sort: KeysetPageInfoShape.sort.optional(),
  dir: KeysetPageInfoShape.dir.optional(),
  next: KeysetPageInfoShape.next.optional(),
});
export type ClassListResponse = z.infer<typeof ClassListResponseSchema>;

export const ClassIdQuerySchema = z.object({ id: IdSchema });

/** A class of another course already holding the teacher or the room at an overlapping time. */
export const ClashSchema = z.object({
  kind: z.enum(['teacher', 'room']),
  classId: z.number().int(),
  courseId: z.number().int(),
  course: z.string(),
  teacher: z.string(),
  room: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  classDateString: z.string(),
  classDatesCombined: z.string(),
});
export type Clash = z.infer<typeof ClashSchema>;

/** 409 answer of a change that would double-book: repeat it with allowClashes: true to go ahead. */
export const ClashResponseSchema = z.object({
  message: z.string(),
  code: z.literal('CLASH'),
  clashes: z.array(ClashSchema),
});
export type ClashResponse = z.infer<typeof ClashResponseSchema>;

/** A choice the generator needs, with its form's message for a missing or impossible one. */
const selected = (message: string) => integerSchema({ min: 1, max: INT32_MAX }, { source: 'json', message });
const CLASS_LENGTH = { min: 1, max: 1440 };
const BodyClassLengthSchema = integerSchema(CLASS_LENGTH, { source: 'json' });

export const GenerateClassesRequestSchema = z.object({
  courseId: BodyIdSchema,
  teacherId: selected('Please select a teacher'),
  teacherRateId: selected('Please select a rate'),
  time: TimeSchema,
  scheduleId: selected('Please select a schedule'),
  startDateString: DmyDateSchema,
  numberOfClasses: integerSchema({ min: 1, max: 1000 }, { source: 'json', message: 'Please enter the number of classes', tooBig: 'At most 1000 classes at a time' }),
  classLength: integerSchema(CLASS_LENGTH, { source: 'json', message: 'Please enter the class length', tooBig: 'A class can be at most 1440 minutes' }),
  /** ISO weekday of the classes; absent or 0: the start date's weekday. */
  dayWeekId: integerSchema({ min: 0, max: 7 }, { source: 'json' }).nullable().optional(),
  roomId: BodyIdOrZeroSchema,
  /** Go ahead although the teacher or room is already booked (after the user confirmed the warning). */
  allowClashes: z.boolean().optional(),
});
export type GenerateClassesRequest = z.infer<typeof GenerateClassesRequestSchema>;

export const GenerateClassesResponseSchema = z.object({
  classSeriesId: z.number().int(),
  /** The course title as rebuilt by the generator (§2.4). */
  title: z.string(),
  classes: z.array(ClassItemSchema),
  /** Slots the schedule offered on closure days, left out (the series still has numberOfClasses). */
  skipped: z.array(SkippedDateSchema),
});
export type GenerateClassesResponse = z.infer<typeof GenerateClassesResponseSchema>;

/** One class changed (updateclass). Absent fields keep their value. */
export const UpdateClassRequestSchema = z.object({
  classId: BodyIdSchema,
  teacherId: BodyIdSchema.optional(),
  teacherRateId: BodyIdSchema.optional(),
  /** null or 0 takes the room away. */
  roomId: BodyIdOrZeroSchema,
  classLength: BodyClassLengthSchema.optional(),
  /** New date (d/m/yyyy) and London time; both or neither. */
  classDateString: DmyDateSchema.optional(),
  time: TimeSchema.optional(),
  allowClashes: z.boolean().optional(),
});
export type UpdateClassRequest = z.infer<typeof UpdateClassRequestSchema>;

/** Teacher, rate, room, length and time applied to every class of the series not Marked or Paid. */
export const ApplyToSeriesRequestSchema = z.object({
  /** A class of the series (the one being edited). */
  classId: BodyIdSchema,
  teacherId: BodyIdSchema.optional(),
  teacherRateId: BodyIdSchema.optional(),
  roomId: BodyIdOrZeroSchema,
  classLength: BodyClassLengthSchema.optional(),
  time: TimeSchema.optional(),
  allowClashes: z.boolean().optional(),
});
export type ApplyToSeriesRequest = z.infer<typeof ApplyToSeriesRequestSchema>;

export const ApplyToSeriesResponseSchema = z.object({
  classSeriesId: z.number().int(),
  /** Classes changed and classes left alone because they are Marked or Paid. */
  updated: z.number().int(),
  skipped: z.number().int(),
  classes: z.array(ClassItemSchema),
});

export const UpdateClassDateQuerySchema = z.object({
  classId: IdSchema,
  /** 'd/m/yyyy HH:mm', London time, minutes in steps of 5. */
  classDate: z.string().trim().min(1).max(40),
  classLength: integerSchema(CLASS_LENGTH).optional(),
  allowClashes: QueryBooleanSchema.optional(),
});
export type UpdateClassDateQuery = z.infer<typeof UpdateClassDateQuerySchema>;

export const MoveToEndQuerySchema = z.object({ classId: IdSchema, allowClashes: QueryBooleanSchema.optional() });

export const DeleteResultSchema = z.object({
  deleted: z.number().int(),
  /** Classes of the series kept because they are Marked or Paid. */
  skipped: z.number().int(),
});

/** A series as the generator made it, with how many of its classes exist now. */
export const ClassSeriesSchema = z.object({
  classSeriesId: z.number().int(),
  seriesId: z.number().int(),
  courseId: z.number().int(),
  teacherId: z.number().int(),
  teacher: z.string(),
  teacherRateId: z.number().int(),
  teacherRate: z.string(),
  roomId: z.number().int().nullable(),
  room: z.string().nullable(),
  scheduleId: z.number().int(),
  schedule: z.string(),
  dayWeekId: z.number().int().nullable(),
  dayWeek: z.string().nullable(),
  startDateString: z.string(),
  time: z.string(),
  classLength: z.number().int(),
  numberOfClasses: z.number().int(),
  classCount: z.number().int(),
  markedCount: z.number().int(),
});
export type ClassSeries = z.infer<typeof ClassSeriesSchema>;

export const CLASS_MESSAGES = {
  noMinutes: 'No minutes remaining',
  notEnoughToGenerate: "Sorry, you don't have enough time left to generate this class or classes!",
  notEnoughMinutes: 'Not enough minutes remaining',
  clash: 'The teacher or the room is already booked at that time',
  markedOrPaid: 'Marked or paid classes can not be changed',
  rateNotTeachers: 'Please select a rate of the chosen teacher',
  fiveMinutes: 'Please choose a time in steps of 5 minutes',
  classDate: 'Please enter the class date as d/m/yyyy HH:mm',
} as const;
