import { EXPIRING_WITHIN_DAYS, type CourseListQuery } from '@rollbook/shared-types/courses';
import { CourseStatus } from '@rollbook/shared-types/statuses';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { literalList } from '../../db/sql-literals.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';

// The courses list's filters on status and on a course's class figures, written once: the list
// applies them, and the dashboard counts the courses they keep for each tile's link (spec §2.11),
// so a tile's number is the number of rows its link lists. They read the figures from
// course_class_totals (joined as "tot", kept by triggers on classes), never by walking every class
// of every course: the dashboard counts all courses on each call.
// A class is held once it has started (as the list's takenPlace); remaining = duration − held.

export type CourseFigureFilter = Partial<Pick<CourseListQuery, 'statusId' | 'classesRemaining' | 'showClassCountErrors' | 'expiredClasses' | 'showOnlyActiveAndCompleted'>>;

const classCount = sql<number>`coalesce(tot.class_count, 0)`;

/** Classes bought × their length ≠ minutes of the classes generated. */
const hasTimeDiscrepancy = sql<SqlBool>`(courses.duration * courses.class_length_template <> coalesce(tot.class_minutes, 0))`;

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

/** The last class is past or on one of the next EXPIRING_WITHIN_DAYS London days. */
const expiring = (today: string) => sql<SqlBool>`(tot.last_starts_at < ${londonDayStart(addDays(today, EXPIRING_WITHIN_DAYS + 1))})`;

/** The conditions of a filter (all must hold) on a select of courses left-joined to course_class_totals as tot. today: London 'yyyy-MM-dd'. */
export function courseFigureConditions(f: CourseFigureFilter, today: string): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (f.statusId !== undefined) conditions.push(sql<SqlBool>`courses.course_status_id = ${f.statusId}`);
  if (f.showOnlyActiveAndCompleted) conditions.push(sql<SqlBool>`courses.course_status_id in ${literalList([CourseStatus.Active, CourseStatus.Completed])}`);
  if (f.classesRemaining !== undefined) conditions.push(atMostRemaining(f.classesRemaining));
  if (f.showClassCountErrors) conditions.push(hasTimeDiscrepancy);
  if (f.expiredClasses) conditions.push(expiring(today));
  return conditions;
}

/** All the conditions as one (true when there are none). */
export function allOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
