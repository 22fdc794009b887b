import { z } from 'zod';
import {
  DateOfBirthStringSchema,
  GdprConsentItemSchema,
  GenderIdSchema,
  PEOPLE_PAGE_SIZE,
  PEOPLE_SORT_KEYS,
  optionalText,
  requiredEmail,
  requiredText,
} from './people.js';
import { BodyOptionalIdSchema, IdSchema, INT32_MAX, integerSchema, PageSchema } from './integers.js';
import { pageQueryShape, pageResponseSchema } from './list-page.js';

export const STUDENT_PAGE_SIZE = PEOPLE_PAGE_SIZE;

/** The students list's sort keys: its visible columns but Current courses (default last name, A to Z). */
export const STUDENT_SORT_KEYS = [...PEOPLE_SORT_KEYS, 'company'] as const;
export type StudentSortKey = (typeof STUDENT_SORT_KEYS)[number];

/** -1 all, 1 active (has current courses), 0 inactive. */
export const StudentStatusFilterSchema = integerSchema({ min: -1, max: 1 }, { message: 'statusId must be -1 (all), 1 (active) or 0 (inactive)' });

/**
 * GET /api/students/getall (admin): one page (page 1 of 100 unless asked), by last name unless
 * `sort` asks for another column.
 */
export const StudentListQuerySchema = z.object(pageQueryShape(STUDENT_SORT_KEYS)).extend({
  /** These lists always page (the spec's 100 a page): page 1 when absent. */
  page: PageSchema,
  name: z.string().trim().max(200).optional(),
  /** -1 or absent: every company. */
  companyId: integerSchema({ min: -1, max: INT32_MAX }).optional(),
  statusId: StudentStatusFilterSchema.optional(),
  CourseId: IdSchema.optional(),
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;

export const StudentListItemSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  /** Comma list of "subject|#colour" for the student's current courses. */
  currentCourses: z.string(),
  /** 1 active (enrolled on an active course), 0 inactive. */
  statusId: z.union([z.literal(0), z.literal(1)]),
  /** Has an enabled login (online access tick). */
  hasLogin: z.boolean(),
});
export type StudentListItem = z.infer<typeof StudentListItemSchema>;

export const StudentListResponseSchema = pageResponseSchema('students', StudentListItemSchema);
export type StudentListResponse = z.infer<typeof StudentListResponseSchema>;

/** One student (spec people-and-access §3). GET /api/students/getbyid?id= and the upsert's answer. */
export const StudentSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  genderId: z.number().int().nullable(),
  /** dd/MM/yyyy, or null. */
  dateOfBirthString: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  statusId: z.union([z.literal(0), z.literal(1)]),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  country: z.string().nullable(),
  postCode: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  /** The school's own notes on the student; null for callers other than an admin. */
  notes: z.string().nullable(),
  currentCourses: z.string(),
  hasLogin: z.boolean(),
  /** The linked login (even when disabled), or null. */
  userId: z.number().int().nullable(),
  nationalityId: z.number().int().nullable(),
  nationality: z.string().nullable(),
  /**
   * The consents the student recorded through their own login (receive emails; processing personal,
   * marketing and sales data). Empty when none were recorded: the screen shows 'GDPR settings updated by user'.
   */
  consents: z.array(GdprConsentItemSchema),
  /** True once any class of the student has been marked (attended, absent, cancelled …) or paid. */
  hasMarkedOrPaid: z.boolean(),
  /** E-mailed when one of their classes is moved or cancelled (on unless the student or the office turned it off). */
  classChangeEmails: z.boolean(),
});
export type Student = z.infer<typeof StudentSchema>;

/** The opt-out checkbox: on the student's own profile, and on the office's student form. */
export const CLASS_CHANGE_EMAILS_LABEL = 'E-mail me when my classes are moved or cancelled';
export const CLASS_CHANGE_EMAILS_ADMIN_LABEL = 'E-mail the student when their classes are moved or cancelled';

export const STUDENT_MESSAGES = {
  firstName: 'Please enter a first name',
  lastName: 'Please enter a last name',
  email: 'Please enter an email',
  emailShape: 'Please enter a valid email',
  companyId: 'Please select a company',
  emailTaken: 'Another student already uses this email',
  nationalityId: 'Please select a nationality from the list',
  classChangeEmails: 'classChangeEmails must be true or false',
} as const;

/**
 * POST /api/students/upsert. studentId absent or 0 creates a student. Required (spec §5): firstName,
 * lastName, email (no spaces) and a non-zero companyId. Address 1 is optional: §5 lists the required
 * fields and does not include it.
 */
export const StudentUpsertRequestSchema = z.object({
  studentId: BodyOptionalIdSchema,
  firstName: requiredText(STUDENT_MESSAGES.firstName, 100),
  lastName: requiredText(STUDENT_MESSAGES.lastName, 100),
  email: requiredEmail(STUDENT_MESSAGES.email, STUDENT_MESSAGES.emailShape),
  companyId: integerSchema({ min: 1, max: INT32_MAX }, { source: 'json', message: STUDENT_MESSAGES.companyId }),
  genderId: GenderIdSchema,
  dateOfBirthString: DateOfBirthStringSchema,
  address1: optionalText(),
  address2: optionalText(),
  town: optionalText(100),
  county: optionalText(100),
  country: optionalText(100),
  postCode: optionalText(20),
  mobile: optionalText(40),
  landline: optionalText(40),
  notes: optionalText(5000),
  nationalityId: BodyOptionalIdSchema,
  /** Absent: unchanged (on for a new student). */
  classChangeEmails: z.boolean({ error: STUDENT_MESSAGES.classChangeEmails }).optional(),
});
export type StudentUpsertRequest = z.input<typeof StudentUpsertRequestSchema>;
export type StudentUpsert = z.output<typeof StudentUpsertRequestSchema>;

/** GET /api/students/GetStudentsForTeacherId?teacherId= (admin, or the teacher themselves). */
export const StudentsForTeacherQuerySchema = z.object({ teacherId: IdSchema });

/** A student on the teacher's students page (cards: name, company or 'Private', email, mobile, landline). */
export const TeacherStudentSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
});
export type TeacherStudent = z.infer<typeof TeacherStudentSchema>;
export const TeacherStudentListSchema = z.array(TeacherStudentSchema);
