import { NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { literalList } from '../../db/sql-literals.js';
import { londonDayStart } from '../../lib/london-time.js';

// The dashboard's charts and headline sums, read from the counts the database keeps per London day
// and subject (dashboard_class_counts) and per month (dashboard_student_joins), by triggers in the
// same transaction as each change (migration 2026_12_07_100000). A chart sums at most a row per day
// and subject of two years, whatever the school's size. "Held" (a class whose start has passed)
// is the one figure the clock moves: the kept days before today, plus today's classes that have
// started, read live (one day's classes, through classes_starts_idx).

/** A class teaches unless Archived or Suspended, as the kept counts count it. */
const TEACHING = sql<boolean>`k.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}`;

/** Classes dated from `from` (London) whose start has passed by `now`: per subject, with their minutes. */
function heldSince(db: Kysely<DB>, from: string, today: string, now: Date) {
  return db
    .selectFrom('dashboardClassCounts')
    .select(['subjectId', sql<number>`sum(classes)`.as('classes'), sql<number>`sum(minutes)`.as('minutes')])
    .where('day', '>=', sql<string>`${from}::date`)
    .where('day', '<', sql<string>`${today}::date`)
    .groupBy('subjectId')
    .unionAll(
      // Each class's subject looked up by its course's key: a join would hash every course of the school.
      db.selectFrom('classes as k')
        .select([
          sql<number>`(select c.subject_id from courses c where c.course_id = k.course_id)`.as('subjectId'),
          sql<number>`count(*)`.as('classes'), sql<number>`sum(k.class_length)`.as('minutes'),
        ])
        .where('k.startsAt', '>=', londonDayStart(today))
        .where('k.startsAt', '<', now)
        .where(TEACHING)
        .groupBy(sql`1`),
    );
}

/** Classes per subject held from `from` to `now` (London `today`), most first; subjects with none left out. */
export async function subjectCountsSince(db: Kysely<DB>, from: string, today: string, now: Date) {
  return db
    .selectFrom(heldSince(db, from, today, now).as('held'))
    .innerJoin('subjects', 'subjects.subjectId', 'held.subjectId')
    .select(['subjects.subjectId', 'subjects.name', 'subjects.color', sql<number>`sum(held.classes)::int`.as('subjectCountYtd')])
    .groupBy('subjects.subjectId')
    .having(sql`sum(held.classes)`, '>', 0)
    .orderBy(sql`sum(held.classes)`, 'desc')
    .orderBy('subjects.name')
    .execute();
}

/** Classes and their minutes held from `from` to `now` (London `today`). */
export async function heldTotalsSince(db: Kysely<DB>, from: string, today: string, now: Date) {
  return db
    .selectFrom(heldSince(db, from, today, now).as('held'))
    .select([sql<number>`coalesce(sum(held.classes), 0)::int`.as('classes'), sql<number>`coalesce(sum(held.minutes), 0)::int`.as('minutes')])
    .executeTakeFirstOrThrow();
}

/** Classes that teach per London (year, month) of the years `from` to `to`, inclusive. */
export async function classCountsByMonth(db: Kysely<DB>, fromYear: number, toYear: number) {
  return db
    .selectFrom('dashboardClassCounts')
    .select([sql<number>`extract(year from day)::int`.as('year'), sql<number>`extract(month from day)::int`.as('month'), sql<number>`sum(classes)::int`.as('n')])
    .where('day', '>=', sql<string>`${`${fromYear}-01-01`}::date`)
    .where('day', '<', sql<string>`${`${toYear + 1}-01-01`}::date`)
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** Students who joined per London (year, month) of the years `from` to `to`, inclusive. */
export async function studentJoinsByMonth(db: Kysely<DB>, fromYear: number, toYear: number) {
  return db
    .selectFrom('dashboardStudentJoins')
    .select([sql<number>`extract(year from month)::int`.as('year'), sql<number>`extract(month from month)::int`.as('month'), sql<number>`sum(students)::int`.as('n')])
    .where('month', '>=', sql<string>`${`${fromYear}-01-01`}::date`)
    .where('month', '<', sql<string>`${`${toYear + 1}-01-01`}::date`)
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** Classes that teach dated from `from` to `to` (London, inclusive), as the panel's total. */
export function teachingClassesBetween(db: Kysely<DB>, from: string, to: string) {
  return db
    .selectFrom('dashboardClassCounts')
    .select(sql<number>`coalesce(sum(classes), 0)::int`.as('n'))
    .where('day', '>=', sql<string>`${from}::date`)
    .where('day', '<=', sql<string>`${to}::date`);
}
