import { attendancePercent, type AttendanceWarning, type AttendanceWarningSortKey } from '@rollbook/shared-types/attendance-warnings';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { CourseStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern, type PageRequest } from '../../lib/list-page.js';

// The dashboard's attendance warnings: enrolled students of Active courses whose kept counts
// (student_course_attendance) put them below the threshold. The kept table holds one row per
// student and course with a marked class (1,654 at scale 10, 16,547 at scale 100), so the whole
// filtered set is read and ordered before a page is cut: a sequential scan of the kept rows, a hash
// join to the enrolments and a primary-key probe of each course. 0.7 ms at scale 10 on a quiet
// host; 14-23 ms for the first page at scale 100 (2,449 rows below 80%) and 9 ms for the tile's
// count, on a host at load average 12-18. An index on the rate, tried, kept the enrolments' scan and
// was no faster. The total rides on the page's rows as a window count.

export interface WarningFilter {
  threshold: number;
  /** Part of the student's "first last" name or of the course's title. */
  q?: string | undefined;
  courseId?: number | undefined;
}

const SORT_SQL: Record<AttendanceWarningSortKey, RawBuilder<unknown>> = {
  student: sql`lower(students.last_name || ' ' || students.first_name)`,
  course: sql`lower(courses.title)`,
  // Exact: 2 of 3 sorts below 3 of 4.
  rate: sql`(t.attended::numeric / t.held)`,
  attended: sql`t.attended`,
  held: sql`t.held`,
};

function warnings(db: Kysely<DB>, f: WarningFilter) {
  let query = db.selectFrom('studentCourseAttendance as t')
    .innerJoin('courses', 'courses.courseId', 't.courseId')
    .innerJoin('enrolments', (join) => join.onRef('enrolments.courseId', '=', 't.courseId').onRef('enrolments.studentId', '=', 't.studentId'))
    .innerJoin('students', 'students.studentId', 't.studentId')
    .where('courses.courseStatusId', '=', CourseStatus.Active)
    .where('enrolments.statusId', '=', EnrolmentStatus.Enrolled)
    // Below threshold %, in integers; held > 0 follows (attended ≥ 0).
    .where(sql<boolean>`t.attended * 100 < ${f.threshold}::int * t.held`);
  if (f.courseId !== undefined) query = query.where('t.courseId', '=', f.courseId);
  if (f.q) {
    const pattern = containsPattern(f.q);
    query = query.where((eb) => eb.or([
      eb(sql<string>`lower(students.first_name || ' ' || students.last_name)`, 'like', pattern),
      eb(sql<string>`lower(courses.title)`, 'like', pattern),
    ]));
  }
  return query;
}

/** How many rows the list has under the filter (the dashboard tile: no filter but the threshold). */
export async function countWarnings(db: Kysely<DB>, f: WarningFilter): Promise<number> {
  const row = await warnings(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export async function pageWarnings(
  db: Kysely<DB>, f: WarningFilter, p: PageRequest<AttendanceWarningSortKey>,
): Promise<{ warnings: AttendanceWarning[]; total: number }> {
  const d = sql.raw(p.dir satisfies SortDirection);
  const rows = await warnings(db, f)
    .select([
      't.studentId', 'students.firstName', 'students.lastName', 't.courseId', 'courses.title as courseTitle', 't.attended', 't.held',
      sql<number>`(count(*) over ())::int`.as('total'),
    ])
    .orderBy(sql`${SORT_SQL[p.sort]} ${d}, t.student_id ${d}, t.course_id ${d}`)
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await countWarnings(db, f));
  // held > 0 on every row (the filter), so each has a rate; the same rounding as GetAttendanceRates.
  return { warnings: rows.map(({ total: _total, ...row }) => ({ ...row, rate: attendancePercent(row.attended, row.held) as number })), total };
}
