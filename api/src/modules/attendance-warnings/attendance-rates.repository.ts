import { DEFAULT_ATTENDANCE_THRESHOLD } from '@rollbook/shared-types/attendance-warnings';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.js';

// The kept attendance counts per (course, student) (migration 2026_11_27_110100, kept by triggers on
// the register and the classes), read by the primary key or the student index.

type Db = Kysely<DB> | Transaction<DB>;

const counts = (db: Db) => db.selectFrom('studentCourseAttendance as t').select(['t.studentId', 't.courseId', 't.attended', 't.held']);

/** Every student of one course that has a class marked (or had: rows may count 0 after a mark is cleared). */
export const ratesOfCourse = (db: Db, courseId: number) => counts(db).where('t.courseId', '=', courseId).orderBy('t.studentId').execute();

/** Every course of one student that has a class marked for them. */
export const ratesOfStudent = (db: Db, studentId: number) => counts(db).where('t.studentId', '=', studentId).orderBy('t.courseId').execute();

/**
 * The school's threshold (%) as SQL, for a statement that reads it beside what it decides (the
 * warnings page and the tile): one statement a call instead of two, and one snapshot for both.
 */
export const schoolThreshold = sql<number>`coalesce((select s.attendance_threshold from school_settings s limit 1), ${sql.lit(DEFAULT_ATTENDANCE_THRESHOLD)})::int`;

export async function readThreshold(db: Db): Promise<number> {
  const row = await db.selectFrom('schoolSettings').select('attendanceThreshold').executeTakeFirst();
  return row?.attendanceThreshold ?? DEFAULT_ATTENDANCE_THRESHOLD;
}

export async function writeThreshold(db: Db, threshold: number): Promise<number> {
  const row = await db.insertInto('schoolSettings').values({ id: true, attendanceThreshold: threshold })
    .onConflict((oc) => oc.column('id').doUpdateSet({ attendanceThreshold: threshold, updatedAt: new Date() }))
    .returning('attendanceThreshold').executeTakeFirstOrThrow();
  return row.attendanceThreshold;
}
