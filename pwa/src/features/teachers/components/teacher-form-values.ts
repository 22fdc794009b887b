import { TeacherUpsertRequestSchema, type Teacher, type TeacherUpsert } from '@rollbook/shared-types/teachers';

/** A rate as the form holds it; `key` tells rows apart before they have an id. */
export interface RateRow {
  key: string;
  teacherRateId: number | null;
  description: string;
  /** Pounds per hour. */
  rate: number;
  active: boolean;
  inUse: boolean;
}

/** What the Details tab edits. */
export interface TeacherFormValues {
  firstName: string;
  lastName: string;
  address1: string;
  town: string;
  city: string;
  county: string;
  postCode: string;
  mobile: string;
  landline: string;
  email: string;
  dateOfBirthString: string;
  nationalityId: number | null;
  subjectIds: number[];
  rates: RateRow[];
  avatarId: number | null;
  avatarImage: string | null;
  active: boolean;
}

export type TeacherField = keyof TeacherFormValues;
export type TeacherFieldErrors = Partial<Record<TeacherField, string>>;

let nextKey = 0;
export const newRateKey = () => `new-${(nextKey += 1)}`;

export function toFormValues(teacher: Teacher | null): TeacherFormValues {
  return {
    firstName: teacher?.firstName ?? '',
    lastName: teacher?.lastName ?? '',
    address1: teacher?.address1 ?? '',
    town: teacher?.town ?? '',
    city: teacher?.city ?? '',
    county: teacher?.county ?? '',
    postCode: teacher?.postCode ?? '',
    mobile: teacher?.mobile ?? '',
    landline: teacher?.landline ?? '',
    email: teacher?.email ?? '',
    // Kept exactly as entered and as stored. The old product set the date of birth to the current
    // time on every save (spec §4); that destroyed the real date, so Rollbook does not copy it.
    dateOfBirthString: teacher?.dateOfBirthString ?? '',
    nationalityId: teacher?.nationalityId ?? null,
    subjectIds: teacher?.subjects.map((s) => s.subjectId) ?? [],
    rates: (teacher?.rates ?? []).map((r) => ({ key: `rate-${r.teacherRateId}`, teacherRateId: r.teacherRateId, description: r.description, rate: r.rate, active: r.active, inUse: r.inUse })),
    avatarId: teacher?.avatarId ?? null,
    avatarImage: teacher?.avatarImage ?? null,
    active: teacher?.active ?? true,
  };
}

const FIELDS = new Set<string>(Object.keys(toFormValues(null)));

/** The upsert request, or each failing field's first message (no request: no save call). */
export function validateTeacher(values: TeacherFormValues, saved: Teacher | null): { request: TeacherUpsert; errors?: undefined } | { request?: undefined; errors: TeacherFieldErrors } {
  const { avatarImage: _image, rates, ...rest } = values;
  const parsed = TeacherUpsertRequestSchema.safeParse({
    teacherId: saved?.teacherId ?? null,
    address2: saved?.address2 ?? null,
    genderId: saved?.genderId ?? null,
    notes: saved?.notes ?? null,
    ...rest,
    // The status of a saved teacher changes through the status modal only.
    active: saved ? undefined : values.active,
    rates: rates.map(({ teacherRateId, description, rate, active }) => ({ teacherRateId, description, rate, active })),
  });
  if (parsed.success) return { request: parsed.data };
  return { errors: fieldErrorsOf(parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }))) };
}

/** One message per form field, from zod issues or the server's fieldErrors ("rates.0.rate" → rates). */
export function fieldErrorsOf(issues: { path: string[]; message: string }[]): TeacherFieldErrors {
  const errors: TeacherFieldErrors = {};
  for (const { path, message } of issues) {
    const field = path[0] ?? '';
    if (FIELDS.has(field) && !errors[field as TeacherField]) errors[field as TeacherField] = message;
  }
  return errors;
}

export function serverFieldErrors(fieldErrors: Record<string, string[]>): TeacherFieldErrors {
  return fieldErrorsOf(Object.entries(fieldErrors).map(([path, messages]) => ({ path: path.split('.'), message: messages[0] ?? '' })));
}
