import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus, londonIsoDate, londonTime } from './class-sql.js';

export async function selectCourseHeading(db: Kysely<DB>, courseId: number) {
  return db
    .selectFrom('courses')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .select([
      'courses.courseId', 'courses.title', 'courses.startDate', 'companies.name as company', 'subjects.name as subject', 'courseLevels.name as level',
      (eb) => eb.selectFrom('classes').whereRef('classes.courseId', '=', 'courses.courseId')
        .select(sql<number>`coalesce(sum(classes.class_length), 0)::int`.as('m')).as('totalMinutes'),
    ])
    .where('courses.courseId', '=', courseId)
    .executeTakeFirst();
}

export async function selectCourseClasses(db: Kysely<DB>, courseId: number) {
  return db
    .selectFrom('classes')
    .select([
      'classes.classId', 'classes.classLength', londonIsoDate('classes.starts_at').as('classDate'), londonTime('classes.starts_at').as('time'),
      derivedClassStatus('classes').as('statusId'),
    ])
    .where('classes.courseId', '=', courseId)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    .execute();
}

/** Register lines of the course's classes in class order, at most `limit`. */
export async function selectRegisterLines(db: Kysely<DB>, courseId: number, limit: number) {
  return db
    .selectFrom('classAttendance')
    .innerJoin('classes', 'classes.classId', 'classAttendance.classId')
    .select(['classAttendance.classId', 'classAttendance.studentId', 'classAttendance.statusId'])
    .where('classes.courseId', '=', courseId)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    .orderBy('classAttendance.studentId')
    .limit(limit)
    .execute();
}

/** Students on the register of any of the course's classes, or Enrolled on it. */
export async function selectCourseStudents(db: Kysely<DB>, courseId: number) {
  return db
    .selectFrom('students')
    .select(['students.studentId', 'students.firstName', 'students.lastName'])
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('enrolments').whereRef('enrolments.studentId', '=', 'students.studentId')
        .where('enrolments.courseId', '=', courseId).where('enrolments.statusId', '=', EnrolmentStatus.Enrolled).select(sql`1`.as('one'))),
      eb.exists(eb.selectFrom('classAttendance').innerJoin('classes', 'classes.classId', 'classAttendance.classId')
        .whereRef('classAttendance.studentId', '=', 'students.studentId').where('classes.courseId', '=', courseId).select(sql`1`.as('one'))),
    ]))
    .orderBy(sql`lower(students.last_name)`)
    .orderBy(sql`lower(students.first_name)`)
    .orderBy('students.studentId')
    .execute();
}
