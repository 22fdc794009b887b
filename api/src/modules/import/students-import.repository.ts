import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { insertRows, updateRows, type ColumnTypes } from './json-rows.js';
import { PERSON_COLUMN_TYPES, type PersonColumns } from './person-columns.js';

/** The columns a student row writes, as stored. */
export interface StudentColumns extends PersonColumns {
  company_id: number;
  country: string | null;
}

const TYPES: ColumnTypes = { ...PERSON_COLUMN_TYPES, company_id: 'int', country: 'text' };

export interface StoredStudent {
  id: number;
  externalId: string | null;
  email: string | null;
  columns: StudentColumns;
}

/** The students the file may mean: those with one of its e-mails or external ids. */
export async function findStoredStudents(db: Kysely<DB>, emails: string[], externalIds: string[]): Promise<StoredStudent[]> {
  const rows = await db.selectFrom('students')
    .select([
      'studentId', 'externalId', 'firstName', 'lastName', 'email', 'companyId', 'genderId', 'dateOfBirth', 'address1', 'address2',
      'town', 'county', 'country', 'postCode', 'mobile', 'landline', 'notes', 'nationalityId',
    ])
    .where(sql<boolean>`lower(email) = any(${emails}::text[]) or external_id = any(${externalIds}::text[])`)
    .execute();
  return rows.map((r) => ({
    id: r.studentId,
    externalId: r.externalId,
    email: r.email,
    columns: {
      external_id: r.externalId, first_name: r.firstName, last_name: r.lastName, email: r.email ?? '', company_id: r.companyId ?? 0,
      gender_id: r.genderId, date_of_birth: r.dateOfBirth, address1: r.address1, address2: r.address2, town: r.town, county: r.county,
      country: r.country, post_code: r.postCode, mobile: r.mobile, landline: r.landline, notes: r.notes, nationality_id: r.nationalityId,
    },
  }));
}

export async function insertStudents(db: Kysely<DB>, rows: StudentColumns[]): Promise<void> {
  await insertRows(db, 'students', TYPES, rows, ['student_id']);
}

export async function updateStudents(db: Kysely<DB>, rows: (StudentColumns & { student_id: number })[]): Promise<void> {
  await updateRows(db, 'students', 'student_id', { student_id: 'int', ...TYPES }, rows);
}
