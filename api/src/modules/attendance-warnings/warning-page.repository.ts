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
// join to the enrolments and a primary-key probe of each course. An index on the rate, tried, kept
// the enrolments' scan and was no faster. What the set carries is only the ids, the counts and the
// sort key: the students' names and the courses' titles are read for the page's rows (reading them
// for all 2,500 rows below 80% at scale 100 was a quarter of the statement's cost: 10.2-10.7 ms of
// PostgreSQL CPU per execution before, 7.7-7.8 ms after, at load ~15). The set is written once
// (a CTE) and read twice: for the page and for its total.

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

/**
 * The rows under the filter: the kept counts of enrolled students of Active courses below the
 * threshold. The students' names are joined only when the search or the sort reads them (every
 * row has its student), so the count and a page by rate read no student until the page's own.
 */
function warnings(db: Kysely<DB>, f: WarningFilter, namesNeeded: boolean) {
  let query = db.selectFrom('studentCourseAttendance as t')
    .innerJoin('courses', 'courses.courseId', 't.courseId')
    .innerJoin('enrolments', (join) => join.onRef('enrolments.courseId', '=', 't.courseId').onRef('enrolments.studentId', '=', 't.studentId'))
    .$if(namesNeeded, (q) => q.innerJoin('students', 'students.studentId', 't.studentId'))
    // Literals, not parameters: PostgreSQL keeps a generic plan for this statement, and one that
    // knows neither status joined every Active course's enrolments to the kept rows (8,500 probes
    // at scale 100, 17 ms) instead of hashing the 2,500 rows below the threshold (10 ms).
    .where('courses.courseStatusId', '=', sql.lit(CourseStatus.Active))
    .where('enrolments.statusId', '=', sql.lit(EnrolmentStatus.Enrolled))
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
  const row = await warnings(db, f, Boolean(f.q)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/**
 * One page, sorted, with the total. Every row under the filter is read to count them and to order
 * them (2,500 at scale 100 below 80%), but with its sort key only: the names and the course's title
 * are read for the page's rows.
 */
export async function pageWarnings(
  db: Kysely<DB>, f: WarningFilter, p: PageRequest<AttendanceWarningSortKey>,
): Promise<{ warnings: AttendanceWarning[]; total: number }> {
  const d = sql.raw(p.dir satisfies SortDirection);
  const rows = await db
    .with('w', () => warnings(db, f, Boolean(f.q) || p.sort === 'student')
      .select(['t.studentId', 't.courseId', 't.attended', 't.held', SORT_SQL[p.sort].as('sortKey')]))
    .selectFrom((eb) => eb.selectFrom('w').selectAll()
      .orderBy(sql`w.sort_key ${d}, w.student_id ${d}, w.course_id ${d}`).limit(p.pageSize).offset(p.offset).as('p'))
    .innerJoin('students', 'students.studentId', 'p.studentId')
    .innerJoin('courses', 'courses.courseId', 'p.courseId')
    .select((eb) => [
      'p.studentId', 'students.firstName', 'students.lastName', 'p.courseId', 'courses.title as courseTitle', 'p.attended', 'p.held',
      eb.selectFrom('w').select(sql<number>`count(*)::int`.as('n')).as('total'),
    ])
    .orderBy(sql`p.sort_key ${d}, p.student_id ${d}, p.course_id ${d}`)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await countWarnings(db, f));
  // held > 0 on every row (the filter), so each has a rate; the same rounding as GetAttendanceRates.
  return { warnings: rows.map(({ total: _total, ...row }) => ({ ...row, rate: attendancePercent(row.attended, row.held) as number })), total };
}
