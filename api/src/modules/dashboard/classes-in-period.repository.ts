import { AttendanceStatus, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { literalList } from '../../db/sql-literals.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { derivedClassStatus, londonIsoDate, londonTime } from '../reports/class-sql.js';
import { teachingClassesBetween } from './dashboard-charts.repository.js';

// The dashboard's classes of a day, week or month (spec §2.11), by start then class id: a chain's
// month is 15,000 classes, so the panel asks for a page at a time and the rows after a page are
// found from its last row (keyset over classes_starts_order_idx), not by counting the rows before.
// The total is the kept counts' sum over the period's days (dashboard_class_counts), not a count.

export interface ClassesPageRequest {
  limit: number;
  offset: number;
  /** The last row of the page before: the page is the rows after it. */
  after?: { startsAt: Date; classId: number } | undefined;
}

/**
 * Classes that teach dated `from` to `to` (London, inclusive), one page of them, and how many there
 * are in all. The page's classes are picked first, from the classes alone, and only they are then
 * given their course's, subject's and teacher's names (each looked up by key): with the joins in
 * the same query, PostgreSQL found the plan for known parameters cheaper than its kept one by less
 * than planning costs it, so it planned all six tables again on every call (4 ms at scale 100).
 */
export async function classesBetween(db: Kysely<DB>, from: string, to: string, page: ClassesPageRequest) {
  const total = teachingClassesBetween(db, from, to);
  let picked = db
    .selectFrom('classes')
    .select(['classId', 'courseId', 'teacherId', 'classLength', 'startsAt', 'endsAt', 'statusId'])
    .where('classes.startsAt', '>=', londonDayStart(from))
    .where('classes.startsAt', '<', londonDayStart(addDays(to, 1)))
    .where(sql<boolean>`classes.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}`)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    // A literal, so PostgreSQL keeps one plan per page size rather than planning every call.
    .limit(sql.lit(page.limit));
  if (page.after) {
    picked = picked.where(sql<boolean>`(classes.starts_at, classes.class_id) > (${page.after.startsAt}::timestamptz, ${page.after.classId}::int)`);
  } else if (page.offset > 0) {
    picked = picked.offset(page.offset);
  }
  const rows = await db
    .selectFrom(picked.as('c'))
    .innerJoin('courses', 'courses.courseId', 'c.courseId')
    .select((eb) => [
      'c.classId', 'c.courseId', 'courses.title', 'c.teacherId', 'c.classLength', 'c.startsAt',
      sql<string>`(select s.name from subjects s where s.subject_id = courses.subject_id)`.as('subject'),
      sql<string>`(select s.color from subjects s where s.subject_id = courses.subject_id)`.as('subjectColor'),
      sql<string>`(select l.name from course_levels l where l.course_level_id = courses.course_level_id)`.as('level'),
      sql<string | null>`(select k.name from companies k where k.company_id = courses.company_id)`.as('company'),
      sql<string>`(select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = c.teacher_id)`.as('teacher'),
      londonIsoDate('c.starts_at').as('classDate'), londonTime('c.starts_at').as('time'), londonTime('c.ends_at').as('endTime'),
      derivedClassStatus('c').as('statusId'),
      eb.selectFrom('classAttendance').whereRef('classAttendance.classId', '=', 'c.classId')
        .where('classAttendance.statusId', 'not in', [AttendanceStatus.NotEnrolled, AttendanceStatus.NotStudent])
        .select(sql<number>`count(*)::int`.as('n')).as('studentCount'),
      // Worked out once for the statement (an uncorrelated subquery), beside the page's rows.
      total.as('total'),
    ])
    .orderBy('c.startsAt')
    .orderBy('c.classId')
    .execute();
  const counted = rows.length > 0 ? rows[0]!.total : (await total.executeTakeFirstOrThrow()).n;
  return { rows, total: Number(counted ?? 0) };
}
