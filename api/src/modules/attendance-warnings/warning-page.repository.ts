import { attendancePercent, type AttendanceWarning, type AttendanceWarningSortKey } from '@rollbook/shared-types/attendance-warnings';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type CompiledQuery, type InferResult, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledPerShape } from '../../db/per-database.js';
import { containsPattern, type PageRequest } from '../../lib/list-page.js';
import { schoolThreshold } from './attendance-rates.repository.js';

// The dashboard's attendance warnings: enrolled students of Active courses whose kept counts
// (student_course_attendance) put them below the threshold. Whether a row's place is Enrolled on
// an Active course is kept beside its counts (enrolled_on_active, migration 2026_11_29_100000,
// kept by triggers on the enrolments, the courses and the register), and the listed rows are
// indexed in the list's default order (rate, student, course). So a page by rate reads its own 50
// index entries and the total counts the entries below the threshold, from the index alone: at
// scale 100 the whole kept table (16.5k rows) and the enrolments (19.7k) were read and joined on
// every request before (8 ms of PostgreSQL a call). Another sort reads the rows below the
// threshold through the same index and orders them; the names and titles are read for the page.
// The school's threshold is read by the same statement (schoolThreshold), which answers it too.

export interface WarningFilter {
  /** Part of the student's "first last" name or of the course's title. */
  q?: string | undefined;
  courseId?: number | undefined;
}

const SORT_SQL: Record<AttendanceWarningSortKey, RawBuilder<unknown>> = {
  student: sql`lower(students.last_name || ' ' || students.first_name)`,
  course: sql`lower(courses.title)`,
  // Exact: 2 of 3 sorts below 3 of 4. The index's own expression (held > 0 on every listed row).
  rate: sql`(t.attended::numeric / t.held)`,
  attended: sql`t.attended`,
  held: sql`t.held`,
};

/**
 * The rows under the filter: the kept counts of listed places below the threshold. The students
 * and the courses are joined only when the search or the sort reads them.
 */
function warnings(db: Kysely<DB>, f: WarningFilter, join: { students: boolean; courses: boolean }) {
  let query = db.selectFrom('studentCourseAttendance as t')
    .$if(join.students, (q) => q.innerJoin('students', 'students.studentId', 't.studentId'))
    .$if(join.courses, (q) => q.innerJoin('courses', 'courses.courseId', 't.courseId'))
    // The index's predicate, stated so PostgreSQL can use it.
    .where('t.enrolledOnActive', '=', sql.lit(true))
    .where('t.held', '>', sql.lit(0))
    // Below threshold %: the range of the index's rate (the same rows: a rate below threshold ÷ 100
    // differs from it by at least 1 ÷ (100 × held), far above numeric's rounding) and the rule in
    // exact integers.
    .where(sql<boolean>`(t.attended::numeric / t.held) < ${schoolThreshold}::numeric / 100`)
    .where(sql<boolean>`t.attended * 100 < ${schoolThreshold} * t.held`);
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

const countOf = (db: Kysely<DB>, f: WarningFilter) =>
  warnings(db, f, { students: Boolean(f.q), courses: Boolean(f.q) }).select(sql<number>`count(*)::int`.as('n'));

/** How many rows the list has under the filter (the dashboard tile: no filter), and the threshold it was counted at. */
export async function countWarnings(db: Kysely<DB>, f: WarningFilter): Promise<{ total: number; threshold: number }> {
  const row = await db.selectNoFrom([countOf(db, f).as('total'), schoolThreshold.as('threshold')]).executeTakeFirstOrThrow();
  return { total: row.total ?? 0, threshold: row.threshold };
}

/** The statement of one page: the page's rows cut in the filter, then their names read, with the total and threshold. */
function pageQuery(db: Kysely<DB>, f: WarningFilter, p: PageRequest<AttendanceWarningSortKey>) {
  const d = sql.raw(p.dir satisfies SortDirection);
  const join = { students: Boolean(f.q) || p.sort === 'student', courses: Boolean(f.q) || p.sort === 'course' };
  return db
    .selectFrom(() => warnings(db, f, join)
      .select(['t.studentId', 't.courseId', 't.attended', 't.held', SORT_SQL[p.sort].as('sortKey')])
      .orderBy(sql`${SORT_SQL[p.sort]} ${d}, t.student_id ${d}, t.course_id ${d}`)
      // Literals (validated integers), as the students list's: with parameters PostgreSQL costs a
      // generic plan for an unknown share of the rows, finds it dearer than the page's own and
      // plans the statement anew on every request.
      .limit(sql.lit(p.pageSize)).offset(sql.lit(p.offset)).as('p'))
    .innerJoin('students', 'students.studentId', 'p.studentId')
    .innerJoin('courses', 'courses.courseId', 'p.courseId')
    .select([
      'p.studentId', 'students.firstName', 'students.lastName', 'p.courseId', 'courses.title as courseTitle', 'p.attended', 'p.held',
      countOf(db, f).as('total'),
      schoolThreshold.as('threshold'),
    ])
    .orderBy(sql`p.sort_key ${d}, p.student_id ${d}, p.course_id ${d}`);
}

type PageStatement = CompiledQuery<InferResult<ReturnType<typeof pageQuery>>[number]>;

/**
 * The unfiltered pages' statements (the dashboard tile's link and its paging), compiled once per
 * database and page shape: building the statement with Kysely on every call was a fifth of the
 * server's CPU for the page (node --cpu-prof, scale 1). Their text depends only on the sort,
 * direction, page size and offset (no parameter); they hold SQL, not rows: every call still asks
 * PostgreSQL. A search or a course filter is built each time.
 */
const unfilteredPages = compiledPerShape<PageStatement>(500);

function unfilteredPage(db: Kysely<DB>, p: PageRequest<AttendanceWarningSortKey>): PageStatement {
  return unfilteredPages(db, `${p.sort} ${p.dir} ${p.pageSize} ${p.offset}`, () => pageQuery(db, {}, p).compile());
}

/** One page, sorted, with the total and the threshold. */
export async function pageWarnings(
  db: Kysely<DB>, f: WarningFilter, p: PageRequest<AttendanceWarningSortKey>,
): Promise<{ warnings: AttendanceWarning[]; total: number; threshold: number }> {
  const rows = !f.q && f.courseId === undefined
    ? (await db.executeQuery(unfilteredPage(db, p))).rows
    : await pageQuery(db, f, p).execute();
  // A page past the end has no row to carry the total and threshold: only then are they asked for again.
  const first = rows[0];
  const { total, threshold } = first ? { total: first.total ?? 0, threshold: first.threshold } : await countWarnings(db, f);
  // held > 0 on every row (the filter), so each has a rate; the same rounding as GetAttendanceRates.
  const listed = rows.map(({ total: _total, threshold: _threshold, ...row }) => ({ ...row, rate: attendancePercent(row.attended, row.held) as number }));
  return { warnings: listed, total, threshold };
}
