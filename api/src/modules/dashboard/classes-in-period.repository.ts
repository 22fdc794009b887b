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

/** Classes that teach dated `from` to `to` (London, inclusive), one page of them, and how many there are in all. */
export async function classesBetween(db: Kysely<DB>, from: string, to: string, page: ClassesPageRequest) {
  const total = teachingClassesBetween(db, from, to);
  let query = db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .select((eb) => [
      'classes.classId', 'classes.courseId', 'courses.title', 'subjects.name as subject', 'subjects.color as subjectColor',
      'courseLevels.name as level', 'companies.name as company', 'classes.teacherId', 'classes.classLength', 'classes.startsAt',
      sql<string>`teachers.first_name || ' ' || teachers.last_name`.as('teacher'),
      londonIsoDate('classes.starts_at').as('classDate'), londonTime('classes.starts_at').as('time'), londonTime('classes.ends_at').as('endTime'),
      derivedClassStatus('classes').as('statusId'),
      eb.selectFrom('classAttendance').whereRef('classAttendance.classId', '=', 'classes.classId')
        .where('classAttendance.statusId', 'not in', [AttendanceStatus.NotEnrolled, AttendanceStatus.NotStudent])
        .select(sql<number>`count(*)::int`.as('n')).as('studentCount'),
      // Worked out once for the statement (an uncorrelated subquery), beside the page's rows.
      total.as('total'),
    ])
    .where('classes.startsAt', '>=', londonDayStart(from))
    .where('classes.startsAt', '<', londonDayStart(addDays(to, 1)))
    .where(sql<boolean>`classes.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}`)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    // A literal, so PostgreSQL keeps one plan per page size rather than planning every call.
    .limit(sql.lit(page.limit));
  if (page.after) {
    query = query.where(sql<boolean>`(classes.starts_at, classes.class_id) > (${page.after.startsAt}::timestamptz, ${page.after.classId}::int)`);
  } else if (page.offset > 0) {
    query = query.offset(page.offset);
  }
  const rows = await query.execute();
  const counted = rows.length > 0 ? rows[0]!.total : (await total.executeTakeFirstOrThrow()).n;
  return { rows, total: Number(counted ?? 0) };
}
