import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { insertRows, updateRows, type ColumnTypes } from './json-rows.js';
import { PERSON_COLUMN_TYPES, type PersonColumns } from './person-columns.js';

/** The columns a teacher row writes, as stored. */
export interface TeacherColumns extends PersonColumns {
  city: string | null;
  active: boolean;
}

const TYPES: ColumnTypes = { ...PERSON_COLUMN_TYPES, city: 'text', active: 'boolean' };

export interface StoredRate {
  teacherRateId: number;
  description: string;
  ratePence: number;
}

export interface StoredTeacher {
  id: number;
  externalId: string | null;
  email: string | null;
  columns: TeacherColumns;
  rates: StoredRate[];
  subjectIds: number[];
}

/** The teachers the file may mean (one of its e-mails or external ids), with their rates and subjects. */
export async function findStoredTeachers(db: Kysely<DB>, emails: string[], externalIds: string[]): Promise<StoredTeacher[]> {
  const rows = await db.selectFrom('teachers')
    .select((eb) => [
      'teacherId', 'externalId', 'firstName', 'lastName', 'email', 'address1', 'address2', 'town', 'city', 'county', 'postCode',
      'nationalityId', 'dateOfBirth', 'genderId', 'mobile', 'landline', 'notes', 'active',
      eb.selectFrom('teacherRates').whereRef('teacherRates.teacherId', '=', 'teachers.teacherId')
        .select(sql<StoredRate[]>`coalesce(jsonb_agg(jsonb_build_object('teacherRateId', teacher_rate_id, 'description', description, 'ratePence', rate_pence)), '[]')`.as('r'))
        .as('rates'),
      eb.selectFrom('teacherSubjects').whereRef('teacherSubjects.teacherId', '=', 'teachers.teacherId')
        .select(sql<number[]>`coalesce(array_agg(subject_id order by subject_id), '{}')`.as('s'))
        .as('subjectIds'),
    ])
    .where(sql<boolean>`lower(email) = any(${emails}::text[]) or external_id = any(${externalIds}::text[])`)
    .execute();
  return rows.map((r) => ({
    id: r.teacherId,
    externalId: r.externalId,
    email: r.email,
    rates: r.rates ?? [],
    subjectIds: r.subjectIds ?? [],
    columns: {
      external_id: r.externalId, first_name: r.firstName, last_name: r.lastName, email: r.email ?? '', address1: r.address1,
      address2: r.address2, town: r.town, city: r.city, county: r.county, post_code: r.postCode, nationality_id: r.nationalityId,
      date_of_birth: r.dateOfBirth, gender_id: r.genderId, mobile: r.mobile, landline: r.landline, notes: r.notes, active: r.active,
    },
  }));
}

/** Inserts the teachers; answers each new id by its lower-case e-mail (unique within one import). */
export async function insertTeachers(db: Kysely<DB>, rows: TeacherColumns[]): Promise<Map<string, number>> {
  const inserted = await insertRows<{ teacherId: number; email: string }>(db, 'teachers', TYPES, rows, ['teacher_id', 'email']);
  return new Map(inserted.map((r) => [r.email.toLowerCase(), r.teacherId]));
}

export async function updateTeachers(db: Kysely<DB>, rows: (TeacherColumns & { teacher_id: number })[]): Promise<void> {
  await updateRows(db, 'teachers', 'teacher_id', { teacher_id: 'int', ...TYPES }, rows);
}

export async function insertRates(db: Kysely<DB>, rows: { teacher_id: number; description: string; rate_pence: number }[]): Promise<void> {
  await insertRows(db, 'teacher_rates', { teacher_id: 'int', description: 'text', rate_pence: 'int' }, rows, ['teacher_rate_id']);
}

export async function updateRates(db: Kysely<DB>, rows: { teacher_rate_id: number; rate_pence: number }[]): Promise<void> {
  await updateRows(db, 'teacher_rates', 'teacher_rate_id', { teacher_rate_id: 'int', rate_pence: 'int' }, rows);
}

/** The teachers' subjects become exactly the ones given. */
export async function replaceSubjects(db: Kysely<DB>, subjects: { teacherId: number; subjectIds: number[] }[]): Promise<void> {
  if (subjects.length === 0) return;
  await db.deleteFrom('teacherSubjects').where('teacherId', '=', sql<number>`any(${subjects.map((s) => s.teacherId)}::int[])`).execute();
  const pairs = subjects.flatMap((s) => s.subjectIds.map((subjectId) => ({ teacher_id: s.teacherId, subject_id: subjectId })));
  await insertRows(db, 'teacher_subjects', { teacher_id: 'int', subject_id: 'int' }, pairs, ['teacher_id']);
}
