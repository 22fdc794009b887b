import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

// What a class-change e-mail needs to know: who is on the classes, what the course is called, and
// the rooms' names. Each a single statement, however many classes a bulk change touched.

/** Students on the registers of the classes who want class-change e-mails and have an address. */
export async function recipientsOfClasses(db: Kysely<DB>, classIds: readonly number[]) {
  return db.selectFrom('classAttendance')
    .innerJoin('students', 'students.studentId', 'classAttendance.studentId')
    .select(['classAttendance.classId', 'students.studentId', 'students.firstName', 'students.email'])
    .where('classAttendance.classId', 'in', [...classIds])
    .where('classAttendance.statusId', 'not in', [AttendanceStatus.NotEnrolled, AttendanceStatus.NotStudent])
    .where('students.classChangeEmails', '=', true)
    .where(sql<string>`trim(coalesce(students.email, ''))`, '<>', '')
    .orderBy('students.studentId')
    .execute();
}

/** Each class's course as its students know it: subject and level. */
export async function courseNamesOfClasses(db: Kysely<DB>, classIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .select(['classes.classId', 'subjects.name as subject', 'courseLevels.name as level'])
    .where('classes.classId', 'in', [...classIds])
    .execute();
  return new Map(rows.map((r) => [r.classId, `${r.subject} ${r.level}`.trim()]));
}

export async function roomNames(db: Kysely<DB>, roomIds: readonly number[]): Promise<Map<number, string>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db.selectFrom('rooms').select(['roomId', 'name']).where('roomId', 'in', [...roomIds]).execute();
  return new Map(rows.map((r) => [r.roomId, r.name]));
}
