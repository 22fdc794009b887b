import type { ClassListQuery } from '@rollbook/shared-types/classes';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern } from '../../lib/list-page.js';
import { derivedClassStatusIs, onRegisterOf } from './class-status.js';

// GetByFilter's filters as conditions, split by the table they read: those on the class row and
// those on its course. A count of the matching classes then needs the courses only when a course
// filter is given (as `course_id in (…)`), and reads the start-time index alone otherwise.

export interface ClassFilter extends Omit<ClassListQuery, 'timePeriod' | 'dateMultiplier' | 'startDate' | 'endDate'> {
  /** Half-open range of start instants. */
  from?: Date;
  to?: Date;
  /** Whose attendance status to report as classStudentStatusId. */
  reportStudentId: number | null;
}

export function classConditions(eb: ExpressionBuilder<DB, 'classes'>, f: ClassFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.teacherId !== undefined) conditions.push(eb('classes.teacherId', '=', f.teacherId));
  if (f.courseId !== undefined) conditions.push(eb('classes.courseId', '=', f.courseId));
  if (f.paymentHeaderId !== undefined) conditions.push(eb('classes.paymentHeaderId', '=', f.paymentHeaderId));
  if (f.studentId !== undefined) conditions.push(onRegisterOf(eb, f.studentId));
  if (f.from) conditions.push(eb('classes.startsAt', '>=', f.from));
  if (f.to) conditions.push(eb('classes.startsAt', '<', f.to));
  if (f.ExcludePaid) conditions.push(eb('classes.statusId', '<>', ClassStatus.Paid));
  if (f.showRemainingOnly) conditions.push(eb('classes.startsAt', '>', sql<Date>`now()`));
  if (f.statusId !== undefined) conditions.push(derivedClassStatusIs(f.statusId));
  return conditions;
}

export function courseConditions(eb: ExpressionBuilder<DB, 'courses'>, f: ClassFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.subjectId !== undefined) conditions.push(eb('courses.subjectId', '=', f.subjectId));
  if (f.levelId !== undefined) conditions.push(eb('courses.courseLevelId', '=', f.levelId));
  if (f.title) conditions.push(eb(sql<string>`lower(courses.title)`, 'like', containsPattern(f.title)));
  return conditions;
}

/** The filter over a select of classes alone: course filters as a subquery of the courses they keep. */
export function classesMatching(f: ClassFilter) {
  return (eb: ExpressionBuilder<DB, 'classes'>) => {
    const conditions = classConditions(eb, f);
    const byCourse = courseConditions(eb as unknown as ExpressionBuilder<DB, 'courses'>, f).length > 0;
    if (byCourse) {
      conditions.push(eb('classes.courseId', 'in', eb.selectFrom('courses').select('courses.courseId').where((c) => c.and(courseConditions(c, f)))));
    }
    return eb.and(conditions);
  };
}
