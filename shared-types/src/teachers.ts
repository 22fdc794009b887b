import { z } from 'zod';
import { QueryBooleanSchema } from './common.js';
import { BodyIdSchema, BodyOptionalIdSchema, IdSchema, PageSchema } from './integers.js';
import { pageQueryShape, pageResponseSchema } from './list-page.js';
import {
  ActiveStatusFilterSchema,
  DateOfBirthStringSchema,
  GdprConsentItemSchema,
  GenderIdSchema,
  PEOPLE_PAGE_SIZE,
  PEOPLE_SORT_KEYS,
  optionalText,
  requiredEmail,
  requiredText,
} from './people.js';

export const TEACHER_PAGE_SIZE = PEOPLE_PAGE_SIZE;

/** The teachers list's sort keys: its visible columns but Subjects taught (default last name, A to Z). */
export const TEACHER_SORT_KEYS = PEOPLE_SORT_KEYS;
export type TeacherSortKey = (typeof TEACHER_SORT_KEYS)[number];

/**
 * GET /api/teachers/getall (admin): name search, status -1 all, 1 active (default), 0 inactive;
 * one page (page 1 of 100 unless asked), by last name unless `sort` asks for another column.
 */
export const TeacherListQuerySchema = z.object(pageQueryShape(TEACHER_SORT_KEYS)).extend({
  /** These lists always page (the spec's 100 a page): page 1 when absent. */
  page: PageSchema,
  searchText: z.string().trim().max(200).optional(),
  status: ActiveStatusFilterSchema.default(1),
});
export type TeacherListQuery = z.infer<typeof TeacherListQuerySchema>;

export const TeacherSubjectSchema = z.object({
  subjectId: z.number().int(),
  name: z.string(),
  color: z.string(),
});
export type TeacherSubject = z.infer<typeof TeacherSubjectSchema>;

export const TeacherListItemSchema = z.object({
  teacherId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Comma list of "subject|#colour" of the subjects taught. */
  subjectsString: z.string(),
  active: z.boolean(),
  hasLogin: z.boolean(),
  avatarImage: z.string().nullable(),
});
export type TeacherListItem = z.infer<typeof TeacherListItemSchema>;

export const TeacherListResponseSchema = pageResponseSchema('teachers', TeacherListItemSchema);
export type TeacherListResponse = z.infer<typeof TeacherListResponseSchema>;

/** A pay rate. Money is integer pence in the database; `rate` is the same in pounds (2 decimals). */
export const TeacherRateSchema = z.object({
  teacherRateId: z.number().int(),
  teacherId: z.number().int(),
  description: z.string(),
  /** Pounds per hour, e.g. 25.5 for £25.50. */
  rate: z.number(),
  ratePence: z.number().int(),
  /** 1 = per hour (the only unit). */
  timeUnitId: z.number().int(),
  /** Used by a class, class series or payment line: cannot be deleted. */
  inUse: z.boolean(),
  active: z.boolean(),
});
export type TeacherRate = z.infer<typeof TeacherRateSchema>;
export const TeacherRateListSchema = z.array(TeacherRateSchema);

/** One teacher (spec people-and-access §3). GET /api/teachers/getteacherbyid?id= and the upsert's answer. */
export const TeacherSchema = z.object({
  teacherId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  postCode: z.string().nullable(),
  nationalityId: z.number().int().nullable(),
  nationality: z.string().nullable(),
  /** dd/MM/yyyy, or null. */
  dateOfBirthString: z.string().nullable(),
  genderId: z.number().int().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  /** The school's own notes on the teacher; null for callers other than an admin. */
  notes: z.string().nullable(),
  rates: z.array(TeacherRateSchema),
  subjects: z.array(TeacherSubjectSchema),
  subjectsString: z.string(),
  hasLogin: z.boolean(),
  userId: z.number().int().nullable(),
  active: z.boolean(),
  avatarId: z.number().int().nullable(),
  /** Image name with a {size} placeholder, or null. */
  avatarImage: z.string().nullable(),
  /** Consents recorded through the teacher's own login; empty when none. */
  consents: z.array(GdprConsentItemSchema),
});
export type Teacher = z.infer<typeof TeacherSchema>;

export const TEACHER_MESSAGES = {
  firstName: 'Please enter a first name',
  lastName: 'Please enter a last name',
  email: 'Please enter an email',
  emailShape: 'Please enter a valid email',
  rates: 'Please add at least one rate',
  rateDescription: 'Please enter a rate name',
  rate: 'Please enter a rate of 0 or more',
  ratePrecision: 'A rate can have at most 2 decimal places',
  rateInUse: "Rate has been used and can't be deleted",
  subjectUnknown: 'Please choose subjects from the list',
  avatarUnknown: 'Please choose an avatar from the list',
  nationalityUnknown: 'Please select a nationality from the list',
  // Texts the spec lists as "other messages" without saying the fields are required. Rollbook keeps
  // the explicit rule (first name, last name, e-mail, a rate) and leaves these fields optional for
  // teachers, as it leaves address 1 optional for students.
  town: 'Please enter a town',
  city: 'Please enter an city',
  county: 'Please enter an county',
  postCode: 'Please enter a post code',
  mobile: 'Please enter a mobile',
} as const;

/** Largest rate accepted: £100,000 an hour (the database's own limit). */
export const MAX_RATE_POUNDS = 100_000;

/** Pounds with at most two decimals → integer pence. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

const hasAtMostTwoDecimals = (pounds: number) => Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;

/** A rate in the teacher upsert: teacherRateId absent or 0 adds one. */
export const TeacherRateInputSchema = z.object({
  teacherRateId: BodyOptionalIdSchema,
  description: requiredText(TEACHER_MESSAGES.rateDescription, 100),
  /** Pounds per hour, not negative. */
  rate: z
    .number({ error: TEACHER_MESSAGES.rate })
    .min(0, TEACHER_MESSAGES.rate)
    .max(MAX_RATE_POUNDS, `A rate can be at most £${MAX_RATE_POUNDS}`)
    .refine(hasAtMostTwoDecimals, TEACHER_MESSAGES.ratePrecision),
  active: z.boolean().default(true),
});
export type TeacherRateInput = z.input<typeof TeacherRateInputSchema>;

/**
 * POST /api/teachers/upsert. teacherId absent or 0 creates a teacher. `rates` is the full list: a
 * saved rate left out is deleted, which is refused with 'Rate has been used and can't be deleted'
 * when it is in use. `subjectIds` is the full set of subjects taught.
 */
export const TeacherUpsertRequestSchema = z.object({
  teacherId: BodyOptionalIdSchema,
  firstName: requiredText(TEACHER_MESSAGES.firstName, 100),
  lastName: requiredText(TEACHER_MESSAGES.lastName, 100),
  email: requiredEmail(TEACHER_MESSAGES.email, TEACHER_MESSAGES.emailShape),
  address1: optionalText(),
  address2: optionalText(),
  town: optionalText(100),
  city: optionalText(100),
  county: optionalText(100),
  postCode: optionalText(20),
  nationalityId: BodyOptionalIdSchema,
  dateOfBirthString: DateOfBirthStringSchema,
  genderId: GenderIdSchema,
  mobile: optionalText(40),
  landline: optionalText(40),
  notes: optionalText(5000),
  /** New teachers start active unless told otherwise; UpdateTeacherStatus changes it later. */
  active: z.boolean().optional(),
  avatarId: BodyOptionalIdSchema,
  subjectIds: z.array(BodyIdSchema).max(100).default([]),
  rates: z.array(TeacherRateInputSchema, { error: TEACHER_MESSAGES.rates }).min(1, TEACHER_MESSAGES.rates).max(50),
});
export type TeacherUpsertRequest = z.input<typeof TeacherUpsertRequestSchema>;
export type TeacherUpsert = z.output<typeof TeacherUpsertRequestSchema>;

/** GET /api/teachers/GetTeachersRateByTeacherId?id=&onlyActive= */
export const TeacherRatesQuerySchema = z.object({ id: IdSchema, onlyActive: QueryBooleanSchema.default(false) });

/** GET /api/teachers/CanRateBeRemoved?id= → a number: 0 free to delete, otherwise how many uses. */
export const RateUseCountSchema = z.number().int();

/** POST /api/teachers/DeleteRate { id } → the teacher's remaining rates. */
export const DeleteRateRequestSchema = z.object({ id: BodyIdSchema });

/** GET /api/teachers/UpdateTeacherStatus?teacherId=&statudId= (statudId spelt as in the spec; a boolean). */
export const UpdateTeacherStatusQuerySchema = z.object({ teacherId: IdSchema, statudId: QueryBooleanSchema });
export const TeacherStatusSchema = z.object({ teacherId: z.number().int(), active: z.boolean() });
