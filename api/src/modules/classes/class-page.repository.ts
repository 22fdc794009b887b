import type { ClassSortKey } from '@rollbook/shared-types/classes';
import type { KeysetPageInfo, SortDirection } from '@rollbook/shared-types/list-page';
import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { decodeCursor, encodeCursor, orderBySql, type KeyKind, type KeyValue, type PageRequest } from '../../lib/list-page.js';
import { londonDate, londonDayStart } from '../../lib/london-time.js';
import { classesMatching, type ClassFilter } from './class-filters.js';
import { withFilters } from './class-list.repository.js';
import { classItemJson, LONDON_START } from './class-query.js';
import { derivedClassStatus } from './class-status.js';

// One page of the admin classes list (GetByFilter with page, pageSize or after), by keyset: the
// `next` cursor holds the last row's sort value and id, and the page after it is the rows past
// that pair in the list's order, so page 100 costs what page 1 does (an offset would walk every
// row before it). The default order (date) walks the start-time indexes; the other columns are
// sorted over the classes the filters keep (a week or a month: hundreds to a few thousand).

const CLASS_SORT: Record<ClassSortKey, { key: RawBuilder<unknown>; kind: KeyKind }> = {
  date: { key: sql`classes.starts_at`, kind: 'instant' },
  day: { key: sql`extract(isodow from ${LONDON_START})::int`, kind: 'int' },
  time: { key: sql`to_char(${LONDON_START}, 'HH24:MI')`, kind: 'text' },
  course: { key: sql`lower(courses.title)`, kind: 'text' },
  subject: { key: sql`(select lower(s.name) from subjects s where s.subject_id = courses.subject_id)`, kind: 'text' },
  level: { key: sql`(select lower(l.name) from course_levels l where l.course_level_id = courses.course_level_id)`, kind: 'text' },
  students: { key: sql`(select count(*)::int from class_attendance r where r.class_id = classes.class_id and r.status_id <> ${sql.lit(AttendanceStatus.NotEnrolled)})`, kind: 'int' },
  teacher: { key: sql`(select lower(t.first_name || ' ' || t.last_name) from teachers t where t.teacher_id = classes.teacher_id)`, kind: 'text' },
  status: { key: derivedClassStatus(), kind: 'int' },
};

/** ORDER BY of the classes list for a sort key: the key, then the class id, both in `dir`. */
export const classOrder = (sort: ClassSortKey, dir: SortDirection) => orderBySql(CLASS_SORT[sort].key, sql`classes.class_id`, dir);

const param = (value: KeyValue, kind: KeyKind) =>
  kind === 'instant' ? sql`${value}::timestamptz` : kind === 'int' ? sql`${value}::int` : sql`${value}::text`;

/**
 * One page: its classes as the JSON text of the array (classItemJson, in the page's order), the
 * totals of all pages, and the cursor of the page after it.
 */
export async function pageClasses(
  db: Kysely<DB>, f: ClassFilter, p: PageRequest<ClassSortKey> & { after?: string | undefined },
): Promise<{ classesJson: string; total: number; studentTotal: number } & Pick<KeysetPageInfo, 'next'>> {
  const { key, kind } = CLASS_SORT[p.sort];
  const totals = matchingTotals(db, f);
  let query = withFilters(db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId'), f)
    .select([
      'classes.classId', classItemJson(f.reportStudentId).as('item'), key.as('sortValue'),
      totals.total.as('total'), totals.studentTotal.as('studentTotal'),
    ])
    .orderBy(classOrder(p.sort, p.dir))
    // One row more than the page says whether a page follows. A literal, not a parameter: with the
    // limit unknown PostgreSQL costs the generic plan for a tenth of the month and so plans every
    // execution anew (1 ms of the 3 the month's first page took at scale 100); knowing it, it keeps
    // the generic plan. Page sizes are at most CLASS_MAX_PAGE_SIZE, so as many statements at most.
    .limit(sql.lit(p.pageSize + 1));
  if (p.after) {
    const cursor = decodeCursor(p.after, p.sort, p.dir, kind);
    query = query.where(sql<boolean>`(${key}, classes.class_id) ${sql.raw(p.dir === 'asc' ? '>' : '<')} (${param(cursor.value, kind)}, ${cursor.id}::int)`);
  } else if (p.offset > 0) {
    query = query.offset(p.offset);
  }
  const rows = await query.execute();
  const page = rows.slice(0, p.pageSize);
  const last = page.at(-1);
  const next = rows.length > p.pageSize && last ? encodeCursor(p.sort, p.dir, last.sortValue as KeyValue, last.classId) : null;
  const first = rows[0] ?? (await db.selectNoFrom([totals.total.as('total'), totals.studentTotal.as('studentTotal')]).executeTakeFirstOrThrow());
  return { classesJson: `[${page.map((row) => row.item).join(',')}]`, total: first.total ?? 0, studentTotal: first.studentTotal ?? 0, next };
}

/** A range bound that is a London midnight, as its date; undefined for no bound, null for another instant. */
function londonDay(at: Date | undefined): string | undefined | null {
  if (!at) return undefined;
  // Kept by instant: the bounds are the same few midnights on every call (this month's, this
  // week's), and luxon's zone arithmetic, four calls a page, was 6% of the API's CPU on the month's first page.
  const kept = londonDays.get(at.getTime());
  if (kept !== undefined) return kept;
  const date = londonDate(at);
  const day = londonDayStart(date).getTime() === at.getTime() ? date : null;
  if (londonDays.size >= 1_000) londonDays.clear();
  londonDays.set(at.getTime(), day);
  return day;
}

const londonDays = new Map<number, string | null>();

/**
 * How many classes match and how many students are on their registers. A range of whole London
 * days with no other filter (the list's periods) sums the kept class_day_totals; anything else
 * counts the matching classes (start-time indexes, the courses only for a course filter).
 */
function matchingTotals(db: Kysely<DB>, f: ClassFilter) {
  const { from, to, ...rest } = f;
  const otherFilters = Object.entries(rest).some(([name, value]) => value !== undefined && !NOT_FILTERS.has(name));
  const [fromDay, toDay] = [londonDay(from), londonDay(to)];
  if (!otherFilters && fromDay !== null && toDay !== null) {
    let kept = db.selectFrom('classDayTotals');
    if (fromDay) kept = kept.where('day', '>=', fromDay);
    if (toDay) kept = kept.where('day', '<', toDay);
    return {
      total: kept.select(sql<number>`coalesce(sum(class_count), 0)::int`.as('n')),
      studentTotal: kept.select(sql<number>`coalesce(sum(register_count), 0)::int`.as('n')),
    };
  }
  const matching = db.selectFrom('classes').where(classesMatching(f));
  return {
    total: matching.select(sql<number>`count(*)::int`.as('n')),
    studentTotal: matching.innerJoin('classAttendance as reg', 'reg.classId', 'classes.classId').where('reg.statusId', '<>', AttendanceStatus.NotEnrolled)
      .select(sql<number>`count(*)::int`.as('n')),
  };
}

/** Fields that only shape the answer (paging, whose status to report) or are already the range (the period and dates). */
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort', 'dir', 'after', 'reportStudentId', 'timePeriod', 'dateMultiplier', 'startDate', 'endDate']);
