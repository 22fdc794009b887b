import { z } from 'zod';
import { showDate } from './display-dates.js';
import { integerSchema, type IntegerSource } from './integers.js';

// Pieces shared by the student, teacher, profile, sign-up and reset contracts.

/** Passwords: the spec's minimum length everywhere (sign-up, reset, profile, granted logins). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** An e-mail with no spaces, one @ and a dot in the domain (spec §5: "shaped like {email} with no spaces"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required e-mail: only the first message when missing or blank, the second when malformed. */
export function requiredEmail(missing: string, malformed: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(200, malformed)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), malformed);
}

/** Required text: trimmed, not blank, with the given message for both missing and blank. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
}

/** Optional text: trimmed; blank, null or absent all mean "none" (null). */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** 1 male, 2 female, 3 other; null when not given. */
export const GenderIdSchema = integerSchema({ min: 1, max: 3 }, { source: 'json' }).nullish().transform((v) => (v ?? null) as 1 | 2 | 3 | null);

/** dd/MM/yyyy (one-digit day or month accepted). */
export const DATE_OF_BIRTH_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
export const DATE_OF_BIRTH_MESSAGE = 'Please enter a valid date of birth (dd/mm/yyyy)';

/** 'dd/MM/yyyy' → 'yyyy-MM-dd', or null when it is not a real calendar date. */
export function parseDateOfBirth(text: string): string | null {
  const m = DATE_OF_BIRTH_PATTERN.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function formatDate(isoDate: string): string {
  return showDate(isoDate.slice(0, 10));
}

/**
 * Date of birth on the wire: 'dd/MM/yyyy', or empty/null for none. Kept exactly as entered: the old
 * product overwrote it with the current time on every save, which Rollbook does not copy.
 */
export const DateOfBirthStringSchema = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || parseDateOfBirth(v) !== null, DATE_OF_BIRTH_MESSAGE)
  .transform((v) => (v ? v : null));

/** One GDPR consent of a user (spec §3: code, name, consent). */
export const GdprConsentItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  consent: z.boolean(),
});
export type GdprConsentItem = z.infer<typeof GdprConsentItemSchema>;

/** The consent codes the schema seeds: receive emails; processing personal, marketing and sales data. */
export const GDPR_CODES = ['EMAIL', 'PERSONAL', 'MARKETING', 'SALES'] as const;

/** Student 1, teacher 2: used by online access, notes (plus 3 general) and files. */
export const PERSON_TYPE_STUDENT = 1;
export const PERSON_TYPE_TEACHER = 2;
export const personTypeSchema = (source: IntegerSource) =>
  integerSchema({ min: 1, max: 2 }, { source, message: 'type must be 1 (student) or 2 (teacher)' }).transform((v) => v as 1 | 2);
export const PersonTypeSchema = personTypeSchema('query');

/** Status filter of the student and teacher lists: -1 all, 1 active, 0 inactive. */
export const ActiveStatusFilterSchema = integerSchema({ min: -1, max: 1 }, { message: 'status must be -1 (all), 1 (active) or 0 (inactive)' });

/** Page size of the student and teacher lists (spec §9). */
export const PEOPLE_PAGE_SIZE = 100;

/**
 * The sort keys the student and teacher lists share: their common columns. The names sort as the
 * lists always have: last name, then first name (or first, then last), then the id.
 */
export const PEOPLE_SORT_KEYS = ['firstName', 'lastName', 'mobile', 'email', 'status', 'hasLogin'] as const;
export type PeopleSortKey = (typeof PEOPLE_SORT_KEYS)[number];
export const PEOPLE_DEFAULT_SORT = 'lastName' satisfies PeopleSortKey;
/** Active people and those with online access first unless `dir` says otherwise. */
export const PEOPLE_SORT_NATURAL_DIR = { status: 'desc', hasLogin: 'desc' } as const satisfies Partial<Record<PeopleSortKey, 'asc' | 'desc'>>;
