import { CLASS_LIST_LIMIT, type ClassItem, type ClassListQuery } from '@rollbook/shared-types/classes';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { derivedClassStatusIs, onRegisterOf } from './class-status.js';

export interface ClassFilter extends Omit<ClassListQuery, 'timePeriod' | 'dateMultiplier' | 'startDate' | 'endDate'> {
  /** Half-open range of start instants. */
  from?: Date;
  to?: Date;
  /** Whose attendance status to report as classStudentStatusId. */
  reportStudentId: number | null;
}

/** Start-date filters as instants: London midnight of startDate to the midnight after endDate. */
export function dateRange(startDate: string | undefined, endDate: string | undefined): { from?: Date; to?: Date } {
  return {
    ...(startDate ? { from: londonDayStart(startDate) } : {}),
    ...(endDate ? { to: londonDayStart(addDays(endDate, 1)) } : {}),
  };
}

/**
 * GetByFilter: one statement. The names, London-time strings and register sizes are subqueries
 * PostgreSQL evaluates only for the rows that survive the ORDER BY and LIMIT, so a broad filter
 * never computes them for tens of thousands of classes. Only a full page can have more behind it,
 * and only then is the total counted (a second statement): a teacher's week is one round trip.
 */
export async function listClasses(db: Kysely<DB>, f: ClassFilter): Promise<{ classes: ClassItem[]; total: number }> {
  const rows = await withFilters(selectClassItems(db, f.reportStudentId), f)
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .limit(CLASS_LIST_LIMIT)
    .execute();
  const total = rows.length < CLASS_LIST_LIMIT ? rows.length
    : Number((await withFilters(db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId'), f)
      .select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return { classes: rows.map(toClassItem), total };
}

type ClassesAndCourses<O> = SelectQueryBuilder<DB, 'classes' | 'courses', O>;

function withFilters<O>(base: ClassesAndCourses<O>, f: ClassFilter): ClassesAndCourses<O> {
  let query = base;
  if (f.teacherId !== undefined) query = query.where('classes.teacherId', '=', f.teacherId);
  if (f.courseId !== undefined) query = query.where('classes.courseId', '=', f.courseId);
  if (f.paymentHeaderId !== undefined) query = query.where('classes.paymentHeaderId', '=', f.paymentHeaderId);
  if (f.studentId !== undefined) {
    const studentId = f.studentId;
    query = query.where((eb) => onRegisterOf(eb, studentId));
  }
  if (f.from) query = query.where('classes.startsAt', '>=', f.from);
  if (f.to) query = query.where('classes.startsAt', '<', f.to);
  if (f.ExcludePaid) query = query.where('classes.statusId', '<>', 6);
  if (f.showRemainingOnly) query = query.where('classes.startsAt', '>', sql<Date>`now()`);
  if (f.subjectId !== undefined) query = query.where('courses.subjectId', '=', f.subjectId);
  if (f.levelId !== undefined) query = query.where('courses.courseLevelId', '=', f.levelId);
  if (f.statusId !== undefined) query = query.where(derivedClassStatusIs(f.statusId));
  if (f.title) {
    const pattern = `%${f.title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<string>`lower(courses.title)`, 'like', pattern);
  }
  return query;
}
