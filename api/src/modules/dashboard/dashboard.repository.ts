import { COURSES_REMAINING_THRESHOLD } from '@rollbook/shared-types/dashboard';
import { EXPIRING_WITHIN_DAYS } from '@rollbook/shared-types/courses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus, londonDate, londonIsoDate, londonTime, requiresMarking, SCHOOL_ZONE } from '../reports/class-sql.js';

// The dashboard's figures, each written once here as SQL. The definitions follow the course list
// (courses/course-query.ts) so a tile's number is the length of the list its link opens:
// - classes held ("takenPlace"): the class's start is in the past;
// - classes remaining: duration − classes held;
// - time discrepancy: class_length_template × duration − minutes of the classes generated;
// - expiring / expired: the course's last class starts at most EXPIRING_WITHIN_DAYS days from now (or is past);
// - requires marking: ended, stored status 1 or 2.

/** Archived (4) and Suspended (5) classes do not count as teaching. */
const TEACHING = sql<boolean>`classes.status_id not in (4, 5)`;
/** Pay for a class in pence, half up, in exact integer arithmetic (as money.ts classPayPence). */
const PAY_PENCE = sql`((classes.class_length::bigint * teacher_rates.rate_pence * 2 + 60) / 120)`;

/**
 * One pass over the courses. Minutes generated, class count and last class come from
 * course_class_totals (kept by triggers on classes) instead of summing every class of every course.
 * Classes held depend on the clock: held = classes − classes not yet started, so "at most
 * COURSES_REMAINING_THRESHOLD remaining" means at most `allowance` classes not yet started, i.e. the
 * (allowance+1)-th latest class has started, read from the kept closing_starts (the starts of the
 * course's last few classes, latest first; migration 001500). Only a course whose allowance reaches
 * past them walks its classes not yet started (a few index entries).
 */
export async function countStats(db: Kysely<DB>) {
  const allowance = sql`(coalesce(tot.class_count, 0) - courses.duration + ${COURSES_REMAINING_THRESHOLD})`;
  const kept = sql`coalesce(cardinality(tot.closing_starts), 0)`;
  const fewRemaining = sql`case
    when ${allowance} < 0 then false
    when tot.last_starts_at < now() then true
    when ${allowance} < ${kept} then tot.closing_starts[${allowance} + 1] < now()
    when ${kept} = coalesce(tot.class_count, 0) then true
    else not exists (select from classes where classes.course_id = courses.course_id and classes.starts_at >= now()
      order by classes.starts_at offset greatest(${allowance}, 0) limit 1)
    end`;
  return db
    .selectFrom('courses')
    .leftJoin('courseClassTotals as tot', 'tot.courseId', 'courses.courseId')
    .select([
      sql<number>`(select count(*) from classes where ${requiresMarking('classes')})::int`.as('unmarkedClassTotal'),
      sql<number>`(count(*) filter (where courses.course_status_id = 1))::int`.as('draftCourseTotal'),
      sql<number>`(count(*) filter (where courses.course_status_id in (2, 3) and ${fewRemaining}))::int`.as('lessThanThreeClassesRemaining'),
      sql<number>`(count(*) filter (where courses.duration * courses.class_length_template <> coalesce(tot.class_minutes, 0)))::int`.as('classCountErrorTotal'),
      sql<number>`(count(*) filter (where courses.course_status_id = 2
        and tot.last_starts_at <= now() + make_interval(days => ${EXPIRING_WITHIN_DAYS})))::int`.as('expiredTotal'),
    ])
    .executeTakeFirstOrThrow();
}

export async function teachersWithUnmarkedClasses(db: Kysely<DB>) {
  return db
    .selectFrom('classes')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId')
    .select((eb) => ['teachers.teacherId', 'teachers.firstName', 'teachers.lastName', 'avatars.imageName as avatar', eb.fn.countAll<number>().as('count')])
    .where(requiresMarking('classes'))
    .groupBy(['teachers.teacherId', 'avatars.imageName'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(teachers.last_name)`)
    .orderBy('teachers.teacherId')
    .execute();
}

/** Classes whose London date is within [from, to] (inclusive), optionally one teacher's. */
export async function classesBetween(db: Kysely<DB>, from: string, to: string) {
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .select((eb) => [
      'classes.classId', 'classes.courseId', 'courses.title', 'subjects.name as subject', 'subjects.color as subjectColor',
      'courseLevels.name as level', 'companies.name as company', 'classes.teacherId', 'classes.classLength',
      sql<string>`teachers.first_name || ' ' || teachers.last_name`.as('teacher'),
      londonIsoDate('classes.starts_at').as('classDate'), londonTime('classes.starts_at').as('time'), londonTime('classes.ends_at').as('endTime'),
      derivedClassStatus('classes').as('statusId'),
      eb.selectFrom('classAttendance').whereRef('classAttendance.classId', '=', 'classes.classId').where('classAttendance.statusId', 'not in', [0, 6])
        .select(sql<number>`count(*)::int`.as('n')).as('studentCount'),
    ])
    .where(londonDate('classes.starts_at'), '>=', sql<string>`${from}::date`)
    .where(londonDate('classes.starts_at'), '<=', sql<string>`${to}::date`)
    .where(TEACHING)
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    .limit(5_000)
    .execute();
}

export async function subjectCountsBetween(db: Kysely<DB>, from: string) {
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .select((eb) => ['subjects.subjectId', 'subjects.name', 'subjects.color', eb.fn.countAll<number>().as('subjectCountYtd')])
    .where(londonDate('classes.starts_at'), '>=', sql<string>`${from}::date`)
    .where('classes.startsAt', '<', sql<Date>`now()`)
    .where(TEACHING)
    .groupBy('subjects.subjectId')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('subjects.name')
    .execute();
}

/** Counts per London (year, month) for the given years. */
export async function classCountsByMonth(db: Kysely<DB>, years: number[]) {
  const local = sql`(classes.starts_at at time zone ${sql.lit(SCHOOL_ZONE)})`;
  return db
    .selectFrom('classes')
    .select([sql<number>`extract(year from ${local})::int`.as('year'), sql<number>`extract(month from ${local})::int`.as('month'), sql<number>`count(*)::int`.as('n')])
    .where(sql<number>`extract(year from ${local})::int`, 'in', years)
    .where(TEACHING)
    .groupBy([sql`1`, sql`2`])
    .execute();
}

export async function studentJoinsByMonth(db: Kysely<DB>, years: number[]) {
  const local = sql`(students.joined_at at time zone ${sql.lit(SCHOOL_ZONE)})`;
  return db
    .selectFrom('students')
    .select([sql<number>`extract(year from ${local})::int`.as('year'), sql<number>`extract(month from ${local})::int`.as('month'), sql<number>`count(*)::int`.as('n')])
    .where(sql<number>`extract(year from ${local})::int`, 'in', years)
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** Held classes (started) dated from `from` (London), count and minutes. */
async function heldSince(db: Kysely<DB>, from: string) {
  return db
    .selectFrom('classes')
    .select([sql<number>`count(*)::int`.as('classes'), sql<number>`coalesce(sum(classes.class_length), 0)::int`.as('minutes')])
    .where(londonDate('classes.starts_at'), '>=', sql<string>`${from}::date`)
    .where('classes.startsAt', '<', sql<Date>`now()`)
    .where(TEACHING)
    .executeTakeFirstOrThrow();
}

export async function highLevelStats(db: Kysely<DB>, monthStart: string, monthEnd: string, yearStart: string, year: number) {
  const [heads, month, ytd] = await Promise.all([
    db.selectNoFrom([
      sql<number>`(select count(*) from courses where course_status_id = 2)::int`.as('activeCourses'),
      sql<number>`(select count(distinct e.student_id) from enrolments e join courses c on c.course_id = e.course_id
        where e.status_id = 1 and c.course_status_id = 2)::int`.as('activeStudents'),
      sql<number>`(select count(distinct classes.teacher_id) from classes where ${TEACHING}
        and ${londonDate('classes.starts_at')} between ${monthStart}::date and ${monthEnd}::date)::int`.as('teachersThisMonth'),
      sql<number>`(select coalesce(sum(amount_total_pence), 0) from payment_headers where year = ${year})::bigint`.as('paidYtdPence'),
      sql<number>`(select coalesce(sum(${PAY_PENCE}), 0) from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
        where classes.status_id = 3 and classes.payment_header_id is null)::bigint`.as('awaitingSettlementPence'),
      sql<number>`(select count(*) from classes where classes.status_id = 3 and classes.payment_header_id is null)::int`.as('awaitingSettlementClasses'),
    ]).executeTakeFirstOrThrow(),
    heldSince(db, monthStart),
    heldSince(db, yearStart),
  ]);
  return { ...heads, month, ytd };
}

export async function teacherFigures(db: Kysely<DB>, teacherId: number, monthStart: string, monthEnd: string, weekStart: string, weekEnd: string) {
  const mine = sql`classes.teacher_id = ${teacherId}`;
  return db.selectNoFrom([
    // Paid classes at the amount their report paid; marked ones at their rate now.
    sql<number>`(select coalesce(sum(case when classes.status_id = 6 then payment_lines.amount_pence else ${PAY_PENCE} end), 0)
      from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
      left join payment_lines on payment_lines.class_id = classes.class_id
      where ${mine} and classes.status_id in (3, 6)
        and ${londonDate('classes.starts_at')} between ${monthStart}::date and ${monthEnd}::date)::bigint`.as('earningsThisMonthPence'),
    sql<number>`(select coalesce(sum(${PAY_PENCE}), 0) from classes join teacher_rates on teacher_rates.teacher_rate_id = classes.teacher_rate_id
      where ${mine} and classes.status_id = 3 and classes.payment_header_id is null)::bigint`.as('awaitingSettlementPence'),
    sql<number>`(select count(*) from classes where ${mine} and ${requiresMarking('classes')})::int`.as('classesToMark'),
    sql<number>`(select count(*) from classes where ${mine} and ${TEACHING}
      and ${londonDate('classes.starts_at')} between ${weekStart}::date and ${weekEnd}::date)::int`.as('classesThisWeek'),
  ]).executeTakeFirstOrThrow();
}
