import { z } from 'zod';
import { QueryBooleanSchema } from './common.js';
import { dmyToIso, OptionalDmyDateSchema } from './dates.js';
import {
  BodyIdOrZeroSchema, BodyIdSchema, filterSchema, formIntegerInput, IdFilterSchema, IdSchema, INT32_MAX, integerSchema, isBlankInput, PageSchema,
  readIntegerIn,
} from './integers.js';
import { PageInfoShape, pageQueryShape } from './list-page.js';

// Courses: the list with its derived figures (spec §2.2, §3, §4), the form (§2.3, §5), status and
// clone. Students on a course live in enrolments below.

/** A course is "expiring" when its last class is at most this many days away (or already past). */
export const EXPIRING_WITHIN_DAYS = 14;
/** Options of the classes-remaining filter: at most n classes left. */
export const CLASSES_REMAINING_OPTIONS = [10, 8, 5, 3, 0] as const;

/** The courses list's sort keys: its visible columns (default startDate, newest first). */
export const COURSE_SORT_KEYS = [
  'title', 'subject', 'level', 'company', 'startDate', 'endDate', 'classesRemaining', 'timeDiscrepancy',
  'enrolledCount', 'enquiredCount', 'waitingCount', 'status',
] as const;
export type CourseSortKey = (typeof COURSE_SORT_KEYS)[number];
/** The direction of a sort key when none is asked for: dates newest first, the rest A to Z / smallest first. */
export const COURSE_SORT_NATURAL_DIR = { startDate: 'desc', endDate: 'desc' } as const satisfies Partial<Record<CourseSortKey, 'asc' | 'desc'>>;
/** The list's order when none is asked for. */
export const COURSE_DEFAULT_SORT = 'startDate' satisfies CourseSortKey;
/** A course row is ~1.1 KB: 80 of them stay under 100 KB. */
export const COURSE_MAX_PAGE_SIZE = 80;
export const COURSE_PAGE_SIZE = 50;

// The paging fields go first, as extend() rather than a spread: a spread may run getters, so the
// bundler would keep the schema in pages that never read it (the teacher's week, its JS budget).
export const CourseListQuerySchema = z.object(pageQueryShape(COURSE_SORT_KEYS, COURSE_MAX_PAGE_SIZE)).extend({
  /** Cache-buster the old screens send; ignored. */
  cb: z.string().optional(),
  title: z.string().trim().max(200).optional(),
  subjectId: IdFilterSchema,
  /** -1 or absent: every status. */
  statusId: filterSchema(5),
  /** Courses starting on or after this d/m/yyyy date. */
  startDate: OptionalDmyDateSchema,
  /** Courses ending on or before this d/m/yyyy date. */
  endDate: OptionalDmyDateSchema,
  /** Classes remaining at most n (10, 8, 5, 3 or 0); -1 or absent: all. */
  classesRemaining: filterSchema(10_000),
  /** Only courses whose time discrepancy is not 0. */
  showClassCountErrors: QueryBooleanSchema.optional(),
  /** Only courses whose last class is past or at most EXPIRING_WITHIN_DAYS days away. */
  expiredClasses: QueryBooleanSchema.optional(),
  /** Only courses with at least one class taught by this teacher. */
  teacherId: IdFilterSchema,
  companyId: IdFilterSchema,
  showOnlyActiveAndCompleted: QueryBooleanSchema.optional(),
  excludeDraft: QueryBooleanSchema.optional(),
  excludeArchived: QueryBooleanSchema.optional(),
});
export type CourseListQuery = z.infer<typeof CourseListQuerySchema>;

/** A course with the figures the lists show. Dates are dd/MM/yyyy strings ('' when not set). */
export const CourseListItemSchema = z.object({
  courseId: z.number().int(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  subjectId: z.number().int(),
  subject: z.string(),
  subjectColor: z.string(),
  courseLevelId: z.number().int(),
  courseLevel: z.string(),
  typeId: z.number().int(),
  courseType: z.string(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  companyCode: z.string().nullable(),
  /** The venue: the company address as one line, else the defined address. */
  address: z.string().nullable(),
  private: z.boolean(),
  sponsored: z.boolean(),
  virtual: z.boolean(),
  courseStatusId: z.number().int(),
  courseStatus: z.string(),
  /** ISO 'yyyy-MM-dd' or null. */
  startDate: z.string().nullable(),
  startDateString: z.string(),
  endDateString: z.string(),
  /** Date of the course's last class (dd/MM/yyyy), '' when it has none. */
  expiringDateString: z.string(),
  /** Number of classes bought. */
  duration: z.number().int(),
  /** Minutes of each class. */
  classLengthTemplate: z.number().int(),
  /** classLengthTemplate × duration. */
  durationMinutes: z.number().int(),
  /** Minutes of all generated classes. */
  totalClassLength: z.number().int(),
  /** durationMinutes − totalClassLength: 0 when the generated classes match what was bought. */
  timeDiscrepancy: z.number().int(),
  /** Classes generated. */
  totalClasses: z.number().int(),
  /** Classes held: their start is in the past. */
  takenPlace: z.number().int(),
  /** duration − takenPlace. */
  classesRemaining: z.number().int(),
  /** durationMinutes − minutes of the classes held. */
  minsRemaining: z.number().int(),
  /** takenPlace / duration as a whole percentage, 0–100. */
  percentageComplete: z.number().int(),
  /** Classes Marked (3) or Paid (6). */
  markedCount: z.number().int(),
  /** Classes that have ended and still require marking. */
  classesUnmarked: z.number().int(),
  hasUnMarkedClasses: z.boolean(),
  enrolledCount: z.number().int(),
  enquiredCount: z.number().int(),
  waitingCount: z.number().int(),
  /** Teachers of the course's classes, "First Last, First Last". */
  teacher: z.string(),
  hasClone: z.boolean(),
  /** Price in whole pounds (the form's integer field) and in pence. */
  price: z.number().int().nullable(),
  pricePence: z.number().int().nullable(),
  maxNumberStudents: z.number().int().nullable(),
  minNumberStudents: z.number().int().nullable(),
});
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

/**
 * The courses matching the filters: one page of them when page or pageSize is sent (with page,
 * pageSize, sort and dir), else all of them. total counts every match either way.
 */
export const CourseListResponseSchema = z.object({
  courses: z.array(CourseListItemSchema),
  total: z.number().int(),
  page: PageInfoShape.page.optional(),
  pageSize: PageInfoShape.pageSize.optional(),
  sort: PageInfoShape.sort.optional(),
  dir: PageInfoShape.dir.optional(),
});
export type CourseListResponse = z.infer<typeof CourseListResponseSchema>;

/** One course (GetById, GetCourseByClassId, upsert, clone). Students come from GetStudentsByCourseId. */
export const CourseDetailSchema = CourseListItemSchema.extend({
  addressId: z.number().int().nullable(),
  definedAddress: z.string().nullable(),
  /** ISO 'yyyy-MM-dd' or null. */
  endDate: z.string().nullable(),
  /** The caller's own enrolment status when the caller is a student on it, else null. */
  studentStatusId: z.number().int().nullable(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

/** A course in a student's or teacher's list; studentStatusId is the student's enrolment status. */
export const PersonCourseListSchema = z.array(CourseDetailSchema);

export const CoursesByStudentQuerySchema = z.object({
  studentId: IdSchema,
  /** All (default), Current, Past or Future, by the course's start and end dates (London today). */
  viewStatus: z.string().trim().toLowerCase().pipe(z.enum(['all', 'current', 'past', 'future'])).optional(),
  /** Only Active courses. */
  onlyActive: QueryBooleanSchema.optional(),
});
export type CoursesByStudentQuery = z.infer<typeof CoursesByStudentQuerySchema>;

export const CoursesByTeacherQuerySchema = z.object({
  /** A teacher may leave it out (their own) but may not name another teacher. */
  teacherId: IdSchema.optional(),
  viewStatus: z.string().trim().toLowerCase().pipe(z.enum(['all', 'current', 'past', 'future'])).optional(),
  /** Only courses with classes that require marking. */
  requiresMarking: QueryBooleanSchema.optional(),
  /** Case-insensitive substring of title, description or subject. */
  searchCriteria: z.string().trim().max(200).optional(),
});
export type CoursesByTeacherQuery = z.infer<typeof CoursesByTeacherQuerySchema>;

export const CourseIdQuerySchema = z.object({ id: IdSchema, cachebuster: z.string().optional(), cb: z.string().optional() });

const COURSE_STATUS = { min: 1, max: 5 };
const CourseStatusIdSchema = integerSchema(COURSE_STATUS);

export const UpdateCourseStatusQuerySchema = z.object({
  courseId: IdSchema,
  courseStatusId: CourseStatusIdSchema,
});

export const COURSE_MESSAGES = {
  // The spec's text for a missing title, spelling included.
  title: 'Please enter a compnay name',
  description: 'Please enter a description',
  typeId: 'Please select a type',
  subjectId: 'Please select a subject',
  courseLevelId: 'Please select a level',
  companyId: 'Please select a company',
  startDate: 'Please enter a Start Date',
  endDate: 'Please enter an End Date',
  price: 'Please enter a price',
  endBeforeStart: 'The End Date must be on or after the Start Date',
  duration: 'Please enter the number of classes',
  classLengthTemplate: 'Please enter the class length in minutes',
  wholeNumber: 'Please enter a whole number',
  address: 'Please select an address of the course company',
  draftWithMarks: 'A course with marked classes can not go back to Draft',
  updated: 'Course successfully updated',
  cloned: 'Course successfully cloned',
} as const;

// ---- The course form (§2.3, §5) ----

const TextInput = z.string().max(4000).nullable().optional();

const SELECTED = { min: 1, max: INT32_MAX };
/** The course form's whole numbers: selects (0 or '' is "please select") and numeric-only inputs. */
const COURSE_FORM_RULES = {
  typeId: { min: 1, max: 2 },
  subjectId: SELECTED,
  courseLevelId: SELECTED,
  companyId: SELECTED,
  addressId: SELECTED,
  duration: { min: 1, max: 10_000 },
  classLengthTemplate: { min: 1, max: 1440 },
  price: { min: 0, max: 10_000_000 },
  maxNumberStudents: { min: 0, max: 10_000 },
  minNumberStudents: { min: 0, max: 10_000 },
} as const;

/** Enrol (1), mark as enquired (2) or waiting (3), or clear (0) a student on a course. */
export const StudentStatusChangeSchema = z.object({
  studentId: BodyIdSchema,
  statusId: integerSchema({ min: 0, max: 3 }, { source: 'json' }),
});
export type StudentStatusChange = z.infer<typeof StudentStatusChangeSchema>;

/**
 * The form as sent. Deliberately loose: validateCourseForm turns it into field messages, so a
 * half-filled form gets every message beside its field instead of one technical error.
 */
export const CourseUpsertRequestSchema = z.object({
  /** Absent or 0 creates a course. */
  courseId: BodyIdOrZeroSchema,
  title: TextInput,
  description: TextInput,
  /** Numbers as typed or chosen: 12 or "12" (see integers.ts); "" or 0 for an empty field. */
  typeId: formIntegerInput(COURSE_FORM_RULES.typeId),
  subjectId: formIntegerInput(COURSE_FORM_RULES.subjectId),
  courseLevelId: formIntegerInput(COURSE_FORM_RULES.courseLevelId),
  /** Empty for a private course. */
  companyId: formIntegerInput(COURSE_FORM_RULES.companyId, { blankIsNone: true }),
  addressId: formIntegerInput(COURSE_FORM_RULES.addressId, { blankIsNone: true }),
  definedAddress: TextInput,
  private: z.boolean().optional(),
  sponsored: z.boolean().optional(),
  virtual: z.boolean().optional(),
  startDateString: TextInput,
  endDateString: TextInput,
  /** Number of classes bought. */
  duration: formIntegerInput(COURSE_FORM_RULES.duration),
  /** Minutes of each class. */
  classLengthTemplate: formIntegerInput(COURSE_FORM_RULES.classLengthTemplate),
  /** Whole pounds. */
  price: formIntegerInput(COURSE_FORM_RULES.price),
  maxNumberStudents: formIntegerInput(COURSE_FORM_RULES.maxNumberStudents, { blankIsNone: true }),
  minNumberStudents: formIntegerInput(COURSE_FORM_RULES.minNumberStudents, { blankIsNone: true }),
  /** New courses start as Draft unless told; a change follows the UpdateCourseStatus rule. */
  courseStatusId: integerSchema(COURSE_STATUS, { source: 'json' }).optional(),
  /** Enrolment changes saved with the course. */
  students: z.array(StudentStatusChangeSchema).max(1000).optional(),
});
export type CourseUpsertRequest = z.infer<typeof CourseUpsertRequestSchema>;

/** A valid course form, ready to save. Dates are ISO 'yyyy-MM-dd'. */
export interface CourseForm {
  title: string;
  description: string;
  typeId: number;
  subjectId: number;
  courseLevelId: number;
  companyId: number | null;
  addressId: number | null;
  definedAddress: string | null;
  private: boolean;
  sponsored: boolean;
  virtual: boolean;
  startDate: string;
  endDate: string;
  duration: number;
  classLengthTemplate: number;
  pricePence: number;
  maxNumberStudents: number | null;
  minNumberStudents: number | null;
}

export type FieldErrors = Record<string, string[]>;

const text = (v: string | null | undefined) => (v ?? '').trim();
/** An option not chosen: empty, or the "please select" option 0. */
const unchosen = (v: unknown) => isBlankInput(v) || v === 0 || v === '0';

/**
 * The course form's rules (§5), shared by the form and the API: every broken rule gives its
 * field's message, so all of them can be shown at once.
 */
export function validateCourseForm(input: CourseUpsertRequest): { value: CourseForm; fieldErrors?: undefined } | { value?: undefined; fieldErrors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);
  const isPrivate = input.private ?? false;

  const title = text(input.title);
  if (!title) fail('title', COURSE_MESSAGES.title);
  else if (title.length > 200) fail('title', 'Please keep the title to 200 characters');
  const description = text(input.description);
  if (!description) fail('description', COURSE_MESSAGES.description);
  const number = (field: keyof typeof COURSE_FORM_RULES) => readIntegerIn(input[field], COURSE_FORM_RULES[field]);
  const typeId = number('typeId');
  if (typeId === null) fail('typeId', COURSE_MESSAGES.typeId);
  const subjectId = number('subjectId');
  if (subjectId === null) fail('subjectId', COURSE_MESSAGES.subjectId);
  const courseLevelId = number('courseLevelId');
  if (courseLevelId === null) fail('courseLevelId', COURSE_MESSAGES.courseLevelId);
  const companyId = number('companyId');
  // A private course needs no company, but a company it is given must be one.
  if (companyId === null && !(isPrivate && unchosen(input.companyId))) fail('companyId', COURSE_MESSAGES.companyId);

  const startDate = dmyToIso(text(input.startDateString));
  if (!startDate) fail('startDateString', COURSE_MESSAGES.startDate);
  const endDate = dmyToIso(text(input.endDateString));
  if (!endDate) fail('endDateString', COURSE_MESSAGES.endDate);
  if (startDate && endDate && endDate < startDate) fail('endDateString', COURSE_MESSAGES.endBeforeStart);

  const duration = number('duration');
  if (duration === null) fail('duration', COURSE_MESSAGES.duration);
  const classLengthTemplate = number('classLengthTemplate');
  if (classLengthTemplate === null) fail('classLengthTemplate', COURSE_MESSAGES.classLengthTemplate);
  const price = number('price');
  if (price === null) fail('price', COURSE_MESSAGES.price);

  const optionalCount = (field: 'maxNumberStudents' | 'minNumberStudents') => {
    if (isBlankInput(input[field])) return null;
    const n = number(field);
    if (n === null) fail(field, COURSE_MESSAGES.wholeNumber);
    return n;
  };
  const maxNumberStudents = optionalCount('maxNumberStudents');
  const minNumberStudents = optionalCount('minNumberStudents');
  if (maxNumberStudents !== null && minNumberStudents !== null && minNumberStudents > maxNumberStudents) {
    fail('minNumberStudents', 'The minimum number of students can not be more than the maximum');
  }
  const addressId = unchosen(input.addressId) ? null : number('addressId');
  if (addressId === null && !unchosen(input.addressId)) fail('addressId', COURSE_MESSAGES.address);

  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  return {
    value: {
      title, description,
      typeId: typeId as number, subjectId: subjectId as number, courseLevelId: courseLevelId as number,
      companyId, addressId: companyId === null ? null : addressId,
      definedAddress: text(input.definedAddress) || null,
      private: isPrivate, sponsored: input.sponsored ?? false, virtual: input.virtual ?? false,
      startDate: startDate as string, endDate: endDate as string,
      duration: duration as number, classLengthTemplate: classLengthTemplate as number,
      pricePence: (price as number) * 100,
      maxNumberStudents, minNumberStudents,
    },
  };
}

// ---- Students on a course ----

/** The course form's students list is paged by 9 (spec §9). */
export const COURSE_STUDENTS_PAGE_SIZE = 9;

export const StudentsByCourseQuerySchema = z.object({
  id: IdSchema,
  /** 1 Enrolled, 2 Enquired, 3 Waiting; -1, 0 or absent: all three. */
  statusId: filterSchema(3, { zeroMeansAll: true }),
  /** Case-insensitive substring of the first name. */
  firstName: z.string().trim().max(100).optional(),
  page: PageSchema,
});
export type StudentsByCourseQuery = z.infer<typeof StudentsByCourseQuerySchema>;

export const StudentOnCourseSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  genderId: z.number().int().nullable(),
  dateOfBirthString: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  /** Comma list of "subject|#colour" of the student's current (Active, enrolled) courses. */
  currentCourses: z.string(),
  /** Enrolment status on this course: 1 Enrolled, 2 Enquired, 3 Waiting. */
  statusId: z.number().int(),
  /** Marked or paid classes on this course: the student can no longer be removed. */
  hasMarkedOrPaid: z.boolean(),
});
export type StudentOnCourse = z.infer<typeof StudentOnCourseSchema>;

export const StudentsOnCourseResponseSchema = z.object({
  students: z.array(StudentOnCourseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StudentsOnCourseResponse = z.infer<typeof StudentsOnCourseResponseSchema>;

export const UpdateStudentStatusRequestSchema = z.object({
  courseId: BodyIdSchema,
  students: z.array(StudentStatusChangeSchema).min(1).max(1000),
});
export type UpdateStudentStatusRequest = z.infer<typeof UpdateStudentStatusRequestSchema>;

export const UpdateStudentStatusResponseSchema = z.object({
  courseId: z.number().int(),
  enrolledCount: z.number().int(),
  enquiredCount: z.number().int(),
  waitingCount: z.number().int(),
});

export const DeleteStudentFromCourseQuerySchema = z.object({ courseId: IdSchema, studentId: IdSchema });
export const DeleteStudentFromCourseResponseSchema = z.object({ courseId: z.number().int(), studentId: z.number().int(), removed: z.boolean() });

export const ENROLMENT_MESSAGES = {
  hasMarkedOrPaid: 'This student has marked or paid classes on this course and can not be removed',
  notOnCourse: 'This student is not on this course',
  unknownStudent: 'One of the students does not exist',
} as const;
