import { z } from 'zod';
import { IdSchema, QueryBooleanSchema } from './common.js';
import { dmyToIso, OptionalDmyDateSchema, parseWholeNumber } from './dates.js';

// Courses: the list with its derived figures (spec §2.2, §3, §4), the form (§2.3, §5), status and
// clone. Students on a course live in enrolments below.

/** A course is "expiring" when its last class is at most this many days away (or already past). */
export const EXPIRING_WITHIN_DAYS = 14;
/** Options of the classes-remaining filter: at most n classes left. */
export const CLASSES_REMAINING_OPTIONS = [10, 8, 5, 3, 0] as const;

/** An optional id filter where 0 and -1 mean "all" (the screens' "All" option). */
const OptionalIdFilter = z.coerce.number().int().min(-1).max(2_147_483_647).optional()
  .transform((v) => (v === undefined || v <= 0 ? undefined : v));

export const CourseListQuerySchema = z.object({
  /** Cache-buster the old screens send; ignored. */
  cb: z.string().optional(),
  title: z.string().trim().max(200).optional(),
  subjectId: OptionalIdFilter,
  /** -1 or absent: every status. */
  statusId: z.coerce.number().int().min(-1).max(5).optional().transform((v) => (v === undefined || v === -1 ? undefined : v)),
  /** Courses starting on or after this d/m/yyyy date. */
  startDate: OptionalDmyDateSchema,
  /** Courses ending on or before this d/m/yyyy date. */
  endDate: OptionalDmyDateSchema,
  /** Classes remaining at most n (10, 8, 5, 3 or 0); -1 or absent: all. */
  classesRemaining: z.coerce.number().int().min(-1).max(10_000).optional().transform((v) => (v === undefined || v < 0 ? undefined : v)),
  /** Only courses whose time discrepancy is not 0. */
  showClassCountErrors: QueryBooleanSchema.optional(),
  /** Only courses whose last class is past or at most EXPIRING_WITHIN_DAYS days away. */
  expiredClasses: QueryBooleanSchema.optional(),
  /** Only courses with at least one class taught by this teacher. */
  teacherId: OptionalIdFilter,
  companyId: OptionalIdFilter,
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

export const CourseListResponseSchema = z.object({ courses: z.array(CourseListItemSchema), total: z.number().int() });
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

export const UpdateCourseStatusQuerySchema = z.object({
  courseId: IdSchema,
  courseStatusId: z.coerce.number().int().min(1).max(5),
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
/** Numbers arrive as typed: 12, "12" or "" (the form's numeric-only fields). */
const NumberInput = z.union([z.number(), z.string().max(40)]).nullable().optional();

/** Enrol (1), mark as enquired (2) or waiting (3), or clear (0) a student on a course. */
export const StudentStatusChangeSchema = z.object({
  studentId: IdSchema,
  statusId: z.coerce.number().int().min(0).max(3),
});
export type StudentStatusChange = z.infer<typeof StudentStatusChangeSchema>;

/**
 * The form as sent. Deliberately loose: validateCourseForm turns it into field messages, so a
 * half-filled form gets every message beside its field instead of one technical error.
 */
export const CourseUpsertRequestSchema = z.object({
  /** Absent or 0 creates a course. */
  courseId: z.coerce.number().int().min(0).max(2_147_483_647).nullable().optional(),
  title: TextInput,
  description: TextInput,
  typeId: NumberInput,
  subjectId: NumberInput,
  courseLevelId: NumberInput,
  companyId: NumberInput,
  addressId: NumberInput,
  definedAddress: TextInput,
  private: z.boolean().optional(),
  sponsored: z.boolean().optional(),
  virtual: z.boolean().optional(),
  startDateString: TextInput,
  endDateString: TextInput,
  /** Number of classes bought. */
  duration: NumberInput,
  /** Minutes of each class. */
  classLengthTemplate: NumberInput,
  /** Whole pounds. */
  price: NumberInput,
  maxNumberStudents: NumberInput,
  minNumberStudents: NumberInput,
  /** New courses start as Draft unless told; a change follows the UpdateCourseStatus rule. */
  courseStatusId: z.coerce.number().int().min(1).max(5).optional(),
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
const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** A chosen option: a positive whole number that can be an id (0 is the "please select" option). */
const chosen = (v: unknown) => {
  const n = parseWholeNumber(v);
  return n !== null && n > 0 && n <= 2_147_483_647 ? n : null;
};

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
  const typeId = chosen(input.typeId);
  if (typeId === null || typeId > 2) fail('typeId', COURSE_MESSAGES.typeId);
  const subjectId = chosen(input.subjectId);
  if (subjectId === null) fail('subjectId', COURSE_MESSAGES.subjectId);
  const courseLevelId = chosen(input.courseLevelId);
  if (courseLevelId === null) fail('courseLevelId', COURSE_MESSAGES.courseLevelId);
  const companyId = chosen(input.companyId);
  if (companyId === null && !isPrivate) fail('companyId', COURSE_MESSAGES.companyId);

  const startDate = dmyToIso(text(input.startDateString));
  if (!startDate) fail('startDateString', COURSE_MESSAGES.startDate);
  const endDate = dmyToIso(text(input.endDateString));
  if (!endDate) fail('endDateString', COURSE_MESSAGES.endDate);
  if (startDate && endDate && endDate < startDate) fail('endDateString', COURSE_MESSAGES.endBeforeStart);

  const duration = parseWholeNumber(input.duration);
  if (duration === null || duration < 1 || duration > 10_000) fail('duration', COURSE_MESSAGES.duration);
  const classLengthTemplate = parseWholeNumber(input.classLengthTemplate);
  if (classLengthTemplate === null || classLengthTemplate < 1 || classLengthTemplate > 1440) {
    fail('classLengthTemplate', COURSE_MESSAGES.classLengthTemplate);
  }
  const price = parseWholeNumber(input.price);
  if (price === null || price > 10_000_000) fail('price', COURSE_MESSAGES.price);

  const optionalCount = (field: 'maxNumberStudents' | 'minNumberStudents') => {
    if (isBlank(input[field])) return null;
    const n = parseWholeNumber(input[field]);
    if (n === null || n > 10_000) fail(field, COURSE_MESSAGES.wholeNumber);
    return n;
  };
  const maxNumberStudents = optionalCount('maxNumberStudents');
  const minNumberStudents = optionalCount('minNumberStudents');
  if (maxNumberStudents !== null && minNumberStudents !== null && minNumberStudents > maxNumberStudents) {
    fail('minNumberStudents', 'The minimum number of students can not be more than the maximum');
  }
  const addressId = isBlank(input.addressId) ? null : chosen(input.addressId);

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
  statusId: z.coerce.number().int().min(-1).max(3).optional().transform((v) => (v === undefined || v <= 0 ? undefined : v)),
  /** Case-insensitive substring of the first name. */
  firstName: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
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
  courseId: IdSchema,
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
