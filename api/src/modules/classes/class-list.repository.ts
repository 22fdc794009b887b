import { CLASS_LIST_LIMIT } from '@rollbook/shared-types/classes';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { classConditions, courseConditions, type ClassFilter } from './class-filters.js';
import { classItemJson, registerSize } from './class-query.js';


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
 * The classes come as the JSON text of their array, written by PostgreSQL (classItemJson), with
 * the students on their registers summed.
 */
export async function listClasses(db: Kysely<DB>, f: ClassFilter, order?: RawBuilder<unknown>): Promise<{ classesJson: string; total: number; studentTotal: number }> {
  const rows = await withFilters(db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId'), f)
    .select([classItemJson(f.reportStudentId).as('item'), registerSize.as('studentCount')])
    .orderBy(order ?? sql`classes.starts_at, classes.class_id`)
    .limit(CLASS_LIST_LIMIT)
    .execute();
  const total = rows.length < CLASS_LIST_LIMIT ? rows.length
    : Number((await withFilters(db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId'), f)
      .select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return { classesJson: `[${rows.map((row) => row.item).join(',')}]`, total, studentTotal: rows.reduce((sum, row) => sum + row.studentCount, 0) };
}

type ClassesAndCourses<O> = SelectQueryBuilder<DB, 'classes' | 'courses', O>;

export function withFilters<O>(base: ClassesAndCourses<O>, f: ClassFilter): ClassesAndCourses<O> {
  return base.where((eb) => eb.and([...classConditions(eb, f), ...courseConditions(eb, f)]));
}
