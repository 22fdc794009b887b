import type { RegisterLine, StudentOverrideLine } from '@rollbook/shared-types/attendance';
import { AttendanceStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus } from '../classes/class-status.js';

/** The register of a class: its students (lines other than Not enrolled) with their status and line version. */
export async function registerLines(db: Kysely<DB>, classId: number, courseId: number): Promise<RegisterLine[]> {
  return db.selectFrom('classAttendance')
    .innerJoin('students', 'students.studentId', 'classAttendance.studentId')
    .leftJoin('companies', 'companies.companyId', 'students.companyId')
    .leftJoin('enrolments', (join) => join.onRef('enrolments.studentId', '=', 'classAttendance.studentId').on('enrolments.courseId', '=', courseId))
    .select([
      'students.studentId', 'students.firstName', 'students.lastName', 'companies.name as company',
      'classAttendance.statusId', 'classAttendance.isOverride', 'classAttendance.version',
      sql<number>`coalesce(enrolments.status_id, ${sql.lit(EnrolmentStatus.None)})::int`.as('enrolmentStatusId'),
    ])
    .where('classAttendance.classId', '=', classId)
    .where('classAttendance.statusId', '<>', AttendanceStatus.NotEnrolled)
    .orderBy(sql`lower(students.first_name)`).orderBy(sql`lower(students.last_name)`).orderBy('students.studentId')
    .execute();
}

/** Every class of the course with the student's status on it (Not enrolled when not on its register). */
export async function studentOverrideLines(db: Kysely<DB>, courseId: number, studentId: number): Promise<StudentOverrideLine[]> {
  return db.selectFrom('classes')
    .leftJoin('classAttendance', (join) => join.onRef('classAttendance.classId', '=', 'classes.classId').on('classAttendance.studentId', '=', studentId))
    .select([
      'classes.classId',
      sql<number>`coalesce(class_attendance.status_id, ${sql.lit(AttendanceStatus.NotEnrolled)})::int`.as('statusId'),
      derivedClassStatus().as('classStatusId'),
      sql<string>`to_char(classes.starts_at at time zone 'Europe/London', 'DD/MM/YYYY')`.as('classDateString'),
      sql<string>`to_char(classes.starts_at at time zone 'Europe/London', 'HH24:MI') || ' - ' || to_char(classes.ends_at at time zone 'Europe/London', 'HH24:MI')`.as('classDatesCombined'),
      sql<boolean>`coalesce(class_attendance.is_override, false)`.as('isOverride'),
    ])
    .where('classes.courseId', '=', courseId)
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .execute();
}

/** An admin's per-class status for a student; it survives later enrolment changes (is_override). */
export async function saveOverride(db: Kysely<DB>, line: { classId: number; studentId: number; statusId: number; userId: number }): Promise<void> {
  const marked = line.statusId >= AttendanceStatus.Attended;
  const values = {
    statusId: line.statusId, isOverride: true,
    markedAt: marked ? sql<Date>`now()` : null, markedBy: marked ? line.userId : null,
  };
  await db.insertInto('classAttendance').values({ classId: line.classId, studentId: line.studentId, ...values })
    .onConflict((oc) => oc.columns(['classId', 'studentId']).doUpdateSet(values))
    .execute();
}
