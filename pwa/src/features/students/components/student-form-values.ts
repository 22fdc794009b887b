import { StudentUpsertRequestSchema, type Student, type StudentUpsert } from '@rollbook/shared-types/students';

/** What the Profile tab edits, as typed. */
export interface StudentFormValues {
  firstName: string;
  lastName: string;
  address1: string;
  town: string;
  county: string;
  postCode: string;
  email: string;
  mobile: string;
  landline: string;
  dateOfBirthString: string;
  nationalityId: number | null;
  companyId: number | null;
  /** E-mail the student when their classes are moved or cancelled. */
  classChangeEmails: boolean;
}

export type StudentField = keyof StudentFormValues;
export type StudentFieldErrors = Partial<Record<StudentField, string>>;

// Spec §5 gives this text for the student's address; the API accepts a student without one, so the
// rule is the form's own.
export const ADDRESS_1_MESSAGE = 'Please enter an address 1';

export function toFormValues(student: Student | null): StudentFormValues {
  return {
    firstName: student?.firstName ?? '',
    lastName: student?.lastName ?? '',
    address1: student?.address1 ?? '',
    town: student?.town ?? '',
    county: student?.county ?? '',
    postCode: student?.postCode ?? '',
    email: student?.email ?? '',
    mobile: student?.mobile ?? '',
    landline: student?.landline ?? '',
    // Kept exactly as entered and as stored. The old product set the date of birth to the current
    // time on every save (spec §4); that destroyed the real date, so Rollbook does not copy it.
    dateOfBirthString: student?.dateOfBirthString ?? '',
    nationalityId: student?.nationalityId ?? null,
    companyId: student?.companyId ?? null,
    classChangeEmails: student?.classChangeEmails ?? true,
  };
}

const FIELDS = new Set<string>(Object.keys(toFormValues(null)));

/**
 * The upsert request for these values (fields the tab does not show keep their saved values), or
 * each failing field's first message. No request means no save call.
 */
export function validateStudent(values: StudentFormValues, saved: Student | null): { request: StudentUpsert; errors?: undefined } | { request?: undefined; errors: StudentFieldErrors } {
  const errors: StudentFieldErrors = {};
  const parsed = StudentUpsertRequestSchema.safeParse({
    studentId: saved?.studentId ?? null,
    genderId: saved?.genderId ?? null,
    address2: saved?.address2 ?? null,
    country: saved?.country ?? null,
    notes: saved?.notes ?? null,
    ...values,
    companyId: values.companyId ?? 0,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (FIELDS.has(field) && !errors[field as StudentField]) errors[field as StudentField] = issue.message;
    }
  }
  if (values.address1.trim() === '') errors.address1 = ADDRESS_1_MESSAGE;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { request: parsed.data };
}

/** The server's fieldErrors (field → messages) as one message per field of this form. */
export function serverFieldErrors(fieldErrors: Record<string, string[]>): StudentFieldErrors {
  const errors: StudentFieldErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = path.split('.')[0] ?? path;
    if (FIELDS.has(field) && messages[0]) errors[field as StudentField] = messages[0];
  }
  return errors;
}
