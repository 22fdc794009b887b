import { COURSE_TILE_QUERIES, type CountStats } from '@rollbook/shared-types/dashboard';
import { ClassStatus, CourseStatus, EnrolmentStatus, LOCKED_CLASS_STATUSES, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type CompiledQuery, type InferResult, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledPerShape, perDatabase } from '../../db/per-database.js';
import { literalList } from '../../db/sql-literals.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { allOf, courseFigureConditions } from '../courses/course-figure-filters.js';
import { londonDate, londonToday, requiresMarking, SCHOOL_ZONE } from '../reports/class-sql.js';
import { heldTotalsSince } from './dashboard-charts.repository.js';

// The dashboard's tiles, teachers and headline figures, each written once as SQL (the charts and
// the classes-in-period panel: dashboard-charts and classes-in-period repositories). The count
// tiles apply the courses list's own filters (courses/course-figure-filters.ts) and the classes
// list's own status rule (classes/class-status.ts) to the queries their links make, so a tile's
// number is the number of rows its link lists.

/** Archived and Suspended classes do not count as teaching. */
const TEACHING = sql<boolean>`classes.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}`;
const MARKED = sql.lit(ClassStatus.Marked);

/** Pay for a class in pence, half up, in exact integer arithmetic (as money.ts classPayPence). */
const PAY_PENCE = sql`((classes.class_length::bigint * teacher_rates.rate_pence * 2 + 60) / 120)`;

/**
 * The five tiles, each the count kept for it by triggers up to a moment W (dashboard_tile_counts,
 * dashboard_counted_to: migration 2026_11_30_100000) plus, for the three the clock moves, the rows
 * that started counting since W: unmarked classes are a range of classes_status_ends_idx, and the
 * course tiles are the courses list's own filters for the tile's link (COURSE_TILE_QUERIES through
 * courseFigureConditions) over the facts kept per course in course_class_totals, each a range of
 * the partial index holding that tile's courses. A cluster job keeps W a minute or so behind the
 * clock, so the ranges hold minutes of a school's classes, not its history: the same few hundred
 * index entries read at scale 100 as at scale 1. London today is PostgreSQL's (londonToday), as the
 * other tiles' now(), so the statement's text never changes.
 */
function countStatsQuery(db: Kysely<DB>) {
  const kept = (key: keyof CountStats) => sql<number>`(select coalesce(sum(n), 0) from dashboard_tile_counts where tile = ${sql.lit(key)})`;
  const countedTo = sql<Date>`(select counted_to from dashboard_counted_to)`;
  const courses = (key: keyof typeof COURSE_TILE_QUERIES, since: RawBuilder<SqlBool>) => sql<number>`(select count(*) from course_class_totals tot
    where ${allOf([...courseFigureConditions(COURSE_TILE_QUERIES[key], londonToday, sql`tot.course_status_id`), since])})`;
  return db.selectNoFrom([
    sql<number>`(${kept('unmarkedClassTotal')} + (select count(*) from classes where ${requiresMarking('classes')} and classes.ends_at > ${countedTo}))::int`
      .as('unmarkedClassTotal'),
    sql<number>`${kept('draftCourseTotal')}::int`.as('draftCourseTotal'),
    sql<number>`(${kept('lessThanThreeClassesRemaining')} + ${courses('lessThanThreeClassesRemaining', sql`tot.few_left_from > ${countedTo}`)})::int`
      .as('lessThanThreeClassesRemaining'),
    sql<number>`${kept('classCountErrorTotal')}::int`.as('classCountErrorTotal'),
    sql<number>`(${kept('expiredTotal')} + ${courses('expiredTotal', sql`tot.expiring_on > (${countedTo} at time zone ${sql.lit(SCHOOL_ZONE)})::date`)})::int`
      .as('expiredTotal'),
  ]);
}

type CountStatsRow = Awaited<ReturnType<ReturnType<typeof countStatsQuery>['executeTakeFirstOrThrow']>>;

/**
 * The statement, built and compiled once per database: building it from the filters each call cost
 * three times the Node time of running it, and working out London's date in Node (luxon) 4% of a
 * call. It holds SQL, not counts: every call still asks PostgreSQL.
 */
const compiledCountStats = perDatabase((db): CompiledQuery<CountStatsRow> => countStatsQuery(db).compile());

export async function countStats(db: Kysely<DB>): Promise<CountStatsRow> {
  const [row] = (await db.executeQuery(compiledCountStats(db))).rows;
  if (!row) throw new Error('the count tiles\' statement answered no row');
  return row;
}

/** Teachers with classes requiring marking, most first (then by last name), and how many there are. */
function unmarkedTeachersQuery(db: Kysely<DB>, page?: { limit: number; offset: number }) {
  const query = db
    .with('unmarked', (qb) => qb.selectFrom('classes').select(['teacherId', sql<number>`count(*)::int`.as('count')]).where(requiresMarking('classes')).groupBy('teacherId'))
    .selectFrom('unmarked')
    .innerJoin('teachers', 'teachers.teacherId', 'unmarked.teacherId')
    .leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId')
    .select(['teachers.teacherId', 'teachers.firstName', 'teachers.lastName', 'avatars.imageName as avatar', 'unmarked.count'])
    .select(sql<number>`(select count(*) from unmarked)::int`.as('total'))
    .orderBy('unmarked.count', 'desc')
    .orderBy(sql`lower(teachers.last_name)`)
    .orderBy('teachers.teacherId');
  return page ? query.limit(sql.lit(page.limit)).offset(sql.lit(page.offset)) : query;
}

type UnmarkedTeachersStatement = CompiledQuery<InferResult<ReturnType<typeof unmarkedTeachersQuery>>[number]>;

/**
 * The statements, compiled once per database and page (they hold no parameter: the clock is the
 * statement's now()); building them with Kysely was a third of the service's time at scale 1.
 * SQL, not rows: every call still asks PostgreSQL.
 */
const unmarkedTeachersPages = compiledPerShape<UnmarkedTeachersStatement>(200);

/**
 * Teachers with classes requiring marking, most first (then by last name), with how many teachers
 * there are in all: the page `limit` and `offset` pick, or every one without them.
 */
export async function teachersWithUnmarkedClasses(db: Kysely<DB>, page?: { limit: number; offset: number }) {
  const statement = unmarkedTeachersPages(db, page ? `${page.limit} ${page.offset}` : 'all', () => unmarkedTeachersQuery(db, page).compile());
  const { rows } = await db.executeQuery(statement);
  const total = rows[0]?.total ?? (page && page.offset > 0 ? await countTeachersUnmarked(db) : 0);
  return { teachers: rows.map(({ total: _total, ...teacher }) => teacher), total };
}

async function countTeachersUnmarked(db: Kysely<DB>): Promise<number> {
  const { n } = await db.selectFrom('classes').select(sql<number>`count(distinct teacher_id)::int`.as('n')).where(requiresMarking('classes')).executeTakeFirstOrThrow();
  return n;
}

export async function highLevelStats(db: Kysely<DB>, monthStart: string, monthEnd: string, yearStart: string, year: number, today: string, now: Date) {
  const [heads, month, ytd] = await Promise.all([
    db.selectNoFrom([
      sql<number>`(select count(*) from courses where course_status_id = ${sql.lit(CourseStatus.Active)})::int`.as('activeCourses'),
      sql<number>`(select count(distinct e.student_id) from enrolments e join courses c on c.course_id = e.course_id
        where e.status_id = ${sql.lit(EnrolmentStatus.Enrolled)} and c.course_status_id = ${sql.lit(CourseStatus.Active)})::int`.as('activeStudents'),
      // The month as a range of starts, so the start-time index finds its classes.
      sql<number>`(select count(distinct classes.teacher_id) from classes where ${TEACHING}
        and classes.starts_at >= ${londonDayStart(monthStart)} and classes.starts_at < ${londonDayStart(addDays(monthEnd, 1))})::int`.as('teachersThisMonth'),
      sql<number>`(select coalesce(sum(amount_total_pence), 0) from payment_headers where year = ${year})::bigint`.as('paidYtdPence'),
      sql<number>`(select coalesce(sum(${PAY_PENCE}), 0) from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
        where classes.status_id = ${MARKED} and classes.payment_header_id is null)::bigint`.as('awaitingSettlementPence'),
      sql<number>`(select count(*) from classes where classes.status_id = ${MARKED} and classes.payment_header_id is null)::int`.as('awaitingSettlementClasses'),
    ]).executeTakeFirstOrThrow(),
    heldTotalsSince(db, monthStart, today, now),
    heldTotalsSince(db, yearStart, today, now),
  ]);
  return { ...heads, month, ytd };
}

export async function teacherFigures(db: Kysely<DB>, teacherId: number, monthStart: string, monthEnd: string, weekStart: string, weekEnd: string) {
  const mine = sql`classes.teacher_id = ${teacherId}`;
  return db.selectNoFrom([
    // Paid classes at the amount their report paid; marked ones at their rate now.
    sql<number>`(select coalesce(sum(case when classes.status_id = ${sql.lit(ClassStatus.Paid)} then payment_lines.amount_pence else ${PAY_PENCE} end), 0)
      from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
      left join payment_lines on payment_lines.class_id = classes.class_id
      where ${mine} and classes.status_id in ${literalList(LOCKED_CLASS_STATUSES)}
        and ${londonDate('classes.starts_at')} between ${monthStart}::date and ${monthEnd}::date)::bigint`.as('earningsThisMonthPence'),
    sql<number>`(select coalesce(sum(${PAY_PENCE}), 0) from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
      where ${mine} and classes.status_id = ${MARKED} and classes.payment_header_id is null)::bigint`.as('awaitingSettlementPence'),
    sql<number>`(select count(*) from classes where ${mine} and ${requiresMarking('classes')})::int`.as('classesToMark'),
    sql<number>`(select count(*) from classes where ${mine} and ${TEACHING}
      and ${londonDate('classes.starts_at')} between ${weekStart}::date and ${weekEnd}::date)::int`.as('classesThisWeek'),
  ]).executeTakeFirstOrThrow();
}
