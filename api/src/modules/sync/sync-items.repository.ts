import { AttendanceStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import type { SyncAttendance, SyncClass, SyncCourse, SyncEnrolment, SyncStudent } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { selectClassItems, toClassItem } from '../classes/class-query.js';
import { coursesJson } from '../courses/course-answers.js';

// The rows a pull sends, by id. Classes and courses come from the same selects as every online
// list (classes/class-query, courses/course-answers), so the phone shows exactly what the site shows.
// Ids go as one array parameter (`= any($1)`), so each statement's text is the same whatever the
// number of ids and it stays prepared (db/create-db.ts).

/**
 * For the rest of the caller's transaction, prepared statements run their generic plan. The class
 * and course selects join and nest a dozen tables: PostgreSQL spent 1.8 ms planning them on every
 * pull (it keeps re-planning because a custom plan for a few ids looks cheaper) to run them in
 * 0.3 ms. These fetches go by primary key (`= any($1)`), so one plan suits every call. Not for the
 * change-detection statements before them: a "changed since $n" range has no good generic plan.
 */
export async function planItemFetchesOnce(trx: Kysely<DB>): Promise<void> {
  await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
}

/** studentId: the calling student, whose own status comes back as classStudentStatusId. */
export async function classItems(db: Kysely<DB>, classIds: number[], studentId: number | null): Promise<SyncClass[]> {
  if (classIds.length === 0) return [];
  const rows = await selectClassItems(db, studentId)
    .select('classes.scheduleVersion')
    .where((eb) => eb('classes.classId', '=', eb.fn.any(eb.val(classIds))))
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .execute();
  return rows.map((row) => ({ ...toClassItem(row), scheduleVersion: row.scheduleVersion }));
}

/** The courses as the online list writes them (courses/course-answers), by course id. */
export async function courseItems(db: Kysely<DB>, courseIds: number[]): Promise<SyncCourse[]> {
  if (courseIds.length === 0) return [];
  const { rows } = await coursesJson(sql`array(select distinct unnest(${courseIds}::int[]) order by 1)`).execute(db);
  return JSON.parse(rows[0]!.courses) as SyncCourse[];
}

/** Register lines of the classes (Not enrolled left out); only the student's own when studentId is given. */
export async function attendanceLines(db: Kysely<DB>, classIds: number[], studentId: number | null): Promise<SyncAttendance[]> {
  if (classIds.length === 0) return [];
  let query = db.selectFrom('classAttendance').select(['classId', 'studentId', 'statusId', 'version'])
    .where((eb) => eb('classId', '=', eb.fn.any(eb.val(classIds)))).where('statusId', '<>', AttendanceStatus.NotEnrolled);
  if (studentId !== null) query = query.where('studentId', '=', studentId);
  return query.orderBy('classId').orderBy('studentId').execute();
}

/** Places on the courses (None left out); only the student's own when studentId is given. */
export async function enrolmentsOf(db: Kysely<DB>, courseIds: number[], studentId: number | null): Promise<SyncEnrolment[]> {
  if (courseIds.length === 0) return [];
  let query = db.selectFrom('enrolments').select(['courseId', 'studentId', 'statusId'])
    .where((eb) => eb('courseId', '=', eb.fn.any(eb.val(courseIds)))).where('statusId', '<>', EnrolmentStatus.None);
  if (studentId !== null) query = query.where('studentId', '=', studentId);
  return query.orderBy('courseId').orderBy('studentId').execute();
}

export async function studentItems(db: Kysely<DB>, studentIds: number[]): Promise<SyncStudent[]> {
  if (studentIds.length === 0) return [];
  return db.selectFrom('students')
    .leftJoin('companies', 'companies.companyId', 'students.companyId')
    .select(['students.studentId', 'students.firstName', 'students.lastName', 'students.email', 'students.mobile',
      'students.landline', 'students.companyId', 'companies.name as company'])
    .where((eb) => eb('students.studentId', '=', eb.fn.any(eb.val(studentIds))))
    .orderBy('students.lastName').orderBy('students.firstName').orderBy('students.studentId')
    .execute();
}
