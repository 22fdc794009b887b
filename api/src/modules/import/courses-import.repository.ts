import { EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { insertRows, updateRows, type ColumnTypes } from './json-rows.js';

/** The columns a course row writes, as stored. */
export interface CourseColumns {
  external_id: string;
  title: string;
  description: string;
  course_type_id: number;
  subject_id: number;
  course_level_id: number;
  company_id: number | null;
  address_id: number | null;
  defined_address: string | null;
  private: boolean;
  sponsored: boolean;
  virtual: boolean;
  start_date: string;
  end_date: string;
  duration: number;
  class_length_template: number;
  price_pence: number;
  max_number_students: number | null;
  min_number_students: number | null;
  course_status_id: number;
}

const TYPES: ColumnTypes = {
  external_id: 'text', title: 'text', description: 'text', course_type_id: 'int', subject_id: 'int', course_level_id: 'int',
  company_id: 'int', address_id: 'int', defined_address: 'text', private: 'boolean', sponsored: 'boolean', virtual: 'boolean',
  start_date: 'date', end_date: 'date', duration: 'int', class_length_template: 'int', price_pence: 'bigint',
  max_number_students: 'int', min_number_students: 'int', course_status_id: 'smallint',
};

export interface StoredCourse {
  id: number;
  externalId: string | null;
  /** Classes Marked or Paid: the course can no longer go back to Draft. */
  markedCount: number;
  columns: Omit<CourseColumns, 'start_date' | 'end_date'> & { start_date: string | null; end_date: string | null };
}

export async function findStoredCourses(db: Kysely<DB>, externalIds: string[]): Promise<StoredCourse[]> {
  const rows = await db.selectFrom('courses')
    .select((eb) => [
      'courseId', 'externalId', 'title', 'description', 'courseTypeId', 'subjectId', 'courseLevelId', 'companyId', 'addressId',
      'definedAddress', 'private', 'sponsored', 'virtual', 'startDate', 'endDate', 'duration', 'classLengthTemplate', 'pricePence',
      'maxNumberStudents', 'minNumberStudents', 'courseStatusId',
      eb.selectFrom('classes').whereRef('classes.courseId', '=', 'courses.courseId').where('classes.statusId', 'in', LOCKED_CLASS_STATUSES)
        .select(sql<number>`count(*)::int`.as('n')).as('markedCount'),
    ])
    .where('externalId', '=', sql<string>`any(${externalIds}::text[])`)
    .execute();
  return rows.map((r) => ({
    id: r.courseId,
    externalId: r.externalId,
    markedCount: r.markedCount ?? 0,
    columns: {
      external_id: r.externalId ?? '', title: r.title, description: r.description, course_type_id: r.courseTypeId, subject_id: r.subjectId,
      course_level_id: r.courseLevelId, company_id: r.companyId, address_id: r.addressId, defined_address: r.definedAddress,
      private: r.private, sponsored: r.sponsored, virtual: r.virtual, start_date: r.startDate, end_date: r.endDate, duration: r.duration,
      class_length_template: r.classLengthTemplate, price_pence: r.pricePence ?? 0, max_number_students: r.maxNumberStudents,
      min_number_students: r.minNumberStudents, course_status_id: r.courseStatusId,
    },
  }));
}

/** Student ids by lower-case e-mail, for the e-mails the file's Students cells name (two students may share one). */
export async function studentIdsByEmail(db: Kysely<DB>, emails: string[]): Promise<Map<string, number[]>> {
  const byEmail = new Map<string, number[]>();
  if (emails.length === 0) return byEmail;
  const rows = await db.selectFrom('students').select(['studentId', sql<string>`lower(email)`.as('email')])
    .where(sql<boolean>`lower(email) = any(${emails}::text[])`).execute();
  for (const r of rows) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r.studentId]);
  return byEmail;
}

/** The places of these courses that are Enrolled already, as 'courseId:studentId'. */
export async function enrolledPlaces(db: Kysely<DB>, courseIds: number[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db.selectFrom('enrolments').select(['courseId', 'studentId'])
    .where('courseId', '=', sql<number>`any(${courseIds}::int[])`).where('statusId', '=', EnrolmentStatus.Enrolled).execute();
  return new Set(rows.map((r) => `${r.courseId}:${r.studentId}`));
}

/** Inserts the courses; answers each new id by its external id. */
export async function insertCourses(db: Kysely<DB>, rows: CourseColumns[]): Promise<Map<string, number>> {
  const inserted = await insertRows<{ courseId: number; externalId: string }>(db, 'courses', TYPES, rows, ['course_id', 'external_id']);
  return new Map(inserted.map((r) => [r.externalId, r.courseId]));
}

export async function updateCourses(db: Kysely<DB>, rows: (CourseColumns & { course_id: number })[]): Promise<void> {
  await updateRows(db, 'courses', 'course_id', { course_id: 'int', ...TYPES }, rows);
}
