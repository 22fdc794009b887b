import { AttendanceStatus, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type CompiledQuery, type InferResult, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledPerShape } from '../../db/per-database.js';
import { literalList } from '../../db/sql-literals.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { derivedClassStatus, londonTime } from '../reports/class-sql.js';
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

/** What changes from call to call; the statement holds a slot for each, filled at each call. */
interface PageValues {
  from: string;
  to: string;
  fromAt: Date;
  toAt: Date;
  afterAt: Date | undefined;
  afterId: number | undefined;
}

class Slot {
  constructor(readonly name: keyof PageValues) {}
}
const slot = (name: keyof PageValues) => new Slot(name);

/**
 * A page's statement for a page size and either a keyset (`after`) or an offset. The page's classes
 * are picked first, from the classes alone, and only they are then given their course's, subject's
 * and teacher's names (each looked up by key): with the joins in the same query, PostgreSQL found
 * the plan for known parameters cheaper than its kept one by less than planning costs it, so it
 * planned all six tables again on every call (4 ms at scale 100). Each row comes as the JSON the
 * answer sends (DashboardClassSchema's fields), as the classes list's do: read into objects only to
 * be written out again, the page cost Node twice what the statement costs PostgreSQL.
 */
function pageQuery(db: Kysely<DB>, limit: number, keyset: boolean, offset: number) {
  let picked = db
    .selectFrom('classes')
    .select(['classId', 'courseId', 'teacherId', 'classLength', 'startsAt', 'endsAt', 'statusId'])
    .where(sql<boolean>`classes.starts_at >= ${slot('fromAt')}::timestamptz and classes.starts_at < ${slot('toAt')}::timestamptz`)
    .where(sql<boolean>`classes.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}`)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    // A literal, so PostgreSQL keeps one plan per page size rather than planning every call.
    .limit(sql.lit(limit));
  if (keyset) picked = picked.where(sql<boolean>`(classes.starts_at, classes.class_id) > (${slot('afterAt')}::timestamptz, ${slot('afterId')}::int)`);
  else if (offset > 0) picked = picked.offset(sql.lit(offset));
  return db
    .selectFrom(picked.as('c'))
    .innerJoin('courses', 'courses.courseId', 'c.courseId')
    .select([
      'c.classId', 'c.startsAt', dashboardClassJson.as('item'),
      // Worked out once for the statement (an uncorrelated subquery), beside the page's rows.
      teachingClassesBetween(db, slot('from') as unknown as string, slot('to') as unknown as string).as('total'),
    ])
    .orderBy('c.startsAt')
    .orderBy('c.classId');
}

type PageRow = InferResult<ReturnType<typeof pageQuery>>[number];
type PageStatement = CompiledQuery<PageRow>;

/**
 * The statements, compiled once per database and page shape: building the query with Kysely was a
 * tenth of the page's server CPU. They hold SQL with slots for the period and cursor, not rows:
 * every call still asks PostgreSQL. Offsets make shapes of their own, so at most 200 are kept.
 */
const statements = compiledPerShape<PageStatement>(200);

function statementFor(db: Kysely<DB>, page: ClassesPageRequest): PageStatement {
  return statements(db, `${page.limit} ${page.after ? 'after' : page.offset}`, () => pageQuery(db, page.limit, page.after !== undefined, page.offset).compile());
}

/** Classes that teach dated `from` to `to` (London, inclusive), one page of them, and how many there are in all. */
export async function classesBetween(db: Kysely<DB>, from: string, to: string, page: ClassesPageRequest) {
  const values: PageValues = {
    from, to, fromAt: londonDayStart(from), toAt: londonDayStart(addDays(to, 1)), afterAt: page.after?.startsAt, afterId: page.after?.classId,
  };
  const statement = statementFor(db, page);
  const parameters = statement.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
  const { rows } = await db.executeQuery<PageRow>({ ...statement, parameters });
  const counted = rows.length > 0 ? rows[0]!.total : (await teachingClassesBetween(db, from, to).executeTakeFirstOrThrow()).n;
  return { rows, total: Number(counted ?? 0) };
}

const LONDON_START = sql`(c.starts_at at time zone 'Europe/London')`;

/** A class `c` of course `courses` as DashboardClassSchema writes it. */
const dashboardClassJson = sql<string>`json_build_object(
  'classId', c.class_id, 'courseId', c.course_id, 'title', courses.title,
  'subject', (select s.name from subjects s where s.subject_id = courses.subject_id),
  'subjectColor', (select s.color from subjects s where s.subject_id = courses.subject_id),
  'level', (select l.name from course_levels l where l.course_level_id = courses.course_level_id),
  'company', (select k.name from companies k where k.company_id = courses.company_id),
  'teacherId', c.teacher_id,
  'teacher', (select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = c.teacher_id),
  'classDate', to_char(${LONDON_START}, 'YYYY-MM-DD'), 'classDateString', to_char(${LONDON_START}, 'DD/MM/YYYY'),
  'time', ${londonTime('c.starts_at')}, 'endTime', ${londonTime('c.ends_at')},
  'classLength', c.class_length, 'statusId', ${derivedClassStatus('c')},
  'studentCount', (select count(*)::int from class_attendance a where a.class_id = c.class_id
    and a.status_id not in ${literalList([AttendanceStatus.NotEnrolled, AttendanceStatus.NotStudent])})
)::text`;
