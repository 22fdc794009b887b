import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { londonDate } from '../../lib/london-time.js';
import { buildCourseTitle } from './course-title.js';

/**
 * Rebuilds and saves the title of a course from its company, attendee or subject and level, first
 * class and minutes (spec §2.4). Returns the new title.
 */
export async function rebuildCourseTitle(db: Kysely<DB>, courseId: number): Promise<string> {
  const course = await db
    .selectFrom('courses')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .select((eb) => [
      'courses.title', 'courses.courseTypeId', 'courses.duration', 'courses.classLengthTemplate', 'courses.startDate',
      'companies.code as companyCode', 'subjects.name as subject', 'courseLevels.name as level',
      eb.selectFrom('classes').select((e) => e.fn.min('classes.startsAt').as('first')).whereRef('classes.courseId', '=', 'courses.courseId').as('firstClassAt'),
      // The attendee: the student enrolled first, else the first to enquire.
      eb.selectFrom('enrolments').innerJoin('students', 'students.studentId', 'enrolments.studentId')
        .select(sql<string>`students.first_name || ' ' || students.last_name`.as('name'))
        .whereRef('enrolments.courseId', '=', 'courses.courseId').where('enrolments.statusId', 'in', [EnrolmentStatus.Enrolled, EnrolmentStatus.Enquired])
        .orderBy('enrolments.statusId').orderBy('enrolments.createdAt').orderBy('enrolments.studentId').limit(1).as('attendee'),
    ])
    .where('courses.courseId', '=', courseId)
    .executeTakeFirstOrThrow();
  const startDate = course.firstClassAt ? londonDate(new Date(course.firstClassAt)) : course.startDate;
  if (!startDate) return course.title;
  const title = buildCourseTitle({
    companyCode: course.companyCode, typeId: course.courseTypeId, attendee: course.attendee, subject: course.subject,
    level: course.level, startDate, totalMinutes: course.duration * course.classLengthTemplate,
  });
  if (title !== course.title) await db.updateTable('courses').set({ title }).where('courseId', '=', courseId).execute();
  return title;
}
