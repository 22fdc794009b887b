import type { Insertable } from 'kysely';
import type { DB } from '../db/database.js';
import { londonDate } from './calendar.js';
import { Random } from './prng.js';

/** Tables the seeder fills, in an order that satisfies every foreign key. */
export const SEEDED_TABLES = [
  'avatars', 'nationalities', 'subjects', 'courseLevels',
  'users', 'userRoles', 'gdprConsents',
  'companies', 'companyAddresses', 'companyContacts', 'rooms',
  'teachers', 'teacherSubjects', 'teacherRates', 'students',
  'courses', 'enrolments', 'classSeries', 'paymentHeaders', 'classes', 'classAttendance', 'paymentLines',
  'notes',
] as const satisfies readonly (keyof DB)[];

export type SeededTable = (typeof SEEDED_TABLES)[number];

/** Every row the seed writes, with explicit ids, ready for insertInto(table).values(rows). */
export type SeedRows = { [T in SeededTable]: Insertable<DB[T]>[] };

/** Identity columns to move past the explicit ids once the rows are in. */
export const IDENTITY_COLUMNS: readonly (readonly [string, string])[] = [
  ['avatars', 'avatar_id'], ['nationalities', 'nationality_id'], ['subjects', 'subject_id'],
  ['course_levels', 'course_level_id'], ['users', 'user_id'], ['user_roles', 'user_role_id'],
  ['companies', 'company_id'], ['company_addresses', 'address_id'], ['company_contacts', 'contact_id'],
  ['rooms', 'room_id'], ['teachers', 'teacher_id'], ['teacher_rates', 'teacher_rate_id'],
  ['students', 'student_id'], ['courses', 'course_id'], ['class_series', 'class_series_id'],
  ['payment_headers', 'payment_header_id'], ['classes', 'class_id'], ['payment_lines', 'payment_line_id'],
  ['notes', 'note_id'],
];

export interface SeedContext {
  scale: number;
  now: Date;
  /** London calendar date of now. */
  today: string;
  random: Random;
  rows: SeedRows;
}

export function createSeedContext(options: { scale: number; now: Date; seed: number }): SeedContext {
  const rows = Object.fromEntries(SEEDED_TABLES.map((t) => [t, []])) as unknown as SeedRows;
  return { scale: options.scale, now: options.now, today: londonDate(options.now), random: new Random(options.seed), rows };
}

/** count × scale, at least min: how the scaled areas grow. */
export function scaled(ctx: SeedContext, count: number, min = 1): number {
  return Math.max(min, Math.round(count * ctx.scale));
}
