import type { CourseListQuery } from '@rollbook/shared-types/courses';
import { COURSES_REMAINING_THRESHOLD } from '@rollbook/shared-types/dashboard';
import { CourseStatus } from '@rollbook/shared-types/statuses';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { literalList } from '../../db/sql-literals.js';

// The courses list's filters on status and on a course's class figures, written once: the list
// applies them, and the dashboard counts the courses they keep for each tile's link (spec §2.11),
// so a tile's number is the number of rows its link lists. They read the figures and the facts
// kept in course_class_totals (joined as "tot"; every course has a row, kept by triggers on
// classes and courses in the same transaction as the change, migrations 001300, 001500 and
// 2026_11_29_110000, where each fact's rule is written), never by walking every class of every
// course: the dashboard counts on each call.
// A class is held once it has started (as the list's takenPlace); remaining = duration − held.

export type CourseFigureFilter = Partial<Pick<CourseListQuery, 'statusId' | 'classesRemaining' | 'showClassCountErrors' | 'expiredClasses' | 'showOnlyActiveAndCompleted'>>;

const classCount = sql<number>`coalesce(tot.class_count, 0)`;

/** Classes bought × their length ≠ minutes of the classes generated (kept). */
const hasTimeDiscrepancy = sql<SqlBool>`tot.time_discrepancy`;

/** At most COURSES_REMAINING_THRESHOLD classes remain: kept as the moment that began (null: never). */
const fewLeft = sql<SqlBool>`(tot.few_left_from <= now())`;

/**
 * duration − held ≤ n, i.e. at most `allowance` = class_count − duration + n classes not yet
 * started: the (allowance+1)-th latest class has started, read from the kept closing_starts (the
 * starts of the last few classes, latest first); only a course whose allowance reaches past them
 * walks its classes not yet started (at most allowance+1 index entries).
 */
function atMostRemaining(n: number): RawBuilder<SqlBool> {
  const allowance = sql`(${classCount} - courses.duration + ${n}::int)`;
  const kept = sql`coalesce(cardinality(tot.closing_starts), 0)`;
  return sql<SqlBool>`(case
    when ${allowance} < 0 then false
    when tot.last_starts_at <= now() then true
    when ${allowance} < ${kept} then tot.closing_starts[${allowance} + 1] <= now()
    when ${kept} = ${classCount} then true
    else not exists (select from classes where classes.course_id = courses.course_id and classes.starts_at > now()
      order by classes.starts_at offset greatest(${allowance}, 0) limit 1)
    end)`;
}

/**
 * The last class is past or on one of the next EXPIRING_WITHIN_DAYS London days: kept as the first
 * such London day. today: a London 'yyyy-MM-dd' (a parameter), or an SQL date such as class-sql's
 * londonToday (then the statement's text is the same every day).
 */
const expiring = (today: string | RawBuilder<string>) => typeof today === 'string'
  ? sql<SqlBool>`(tot.expiring_on <= ${today}::date)`
  : sql<SqlBool>`(tot.expiring_on <= ${today})`;

/**
 * The conditions of a filter (all must hold) on a select of courses left-joined to
 * course_class_totals as tot. today: London 'yyyy-MM-dd', or an SQL date (see expiring). `status` is the course's status column:
 * the dashboard counts from course_class_totals alone (its kept copy, tot.course_status_id, which
 * the tiles' partial indexes are on). Statuses are literals, so those indexes' predicates match.
 */
export function courseFigureConditions(f: CourseFigureFilter, today: string | RawBuilder<string>, status = sql`courses.course_status_id`): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (f.statusId !== undefined) conditions.push(sql<SqlBool>`${status} = ${sql.lit(f.statusId)}`);
  if (f.showOnlyActiveAndCompleted) conditions.push(sql<SqlBool>`${status} in ${literalList([CourseStatus.Active, CourseStatus.Completed])}`);
  if (f.classesRemaining !== undefined) {
    conditions.push(f.classesRemaining === COURSES_REMAINING_THRESHOLD ? fewLeft : atMostRemaining(f.classesRemaining));
  }
  if (f.showClassCountErrors) conditions.push(hasTimeDiscrepancy);
  if (f.expiredClasses) conditions.push(expiring(today));
  return conditions;
}

/** All the conditions as one (true when there are none). */
export function allOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
