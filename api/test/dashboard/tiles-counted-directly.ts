import type { CountStats } from '@rollbook/shared-types/dashboard';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/database.js';

/** Every tile at 0: what a change that moves nothing moves each tile by. */
export const NO_TILES: CountStats = { unmarkedClassTotal: 0, draftCourseTotal: 0, lessThanThreeClassesRemaining: 0, classCountErrorTotal: 0, expiredTotal: 0 };

/**
 * The five tiles' definitions written here directly over the courses and their classes, with none
 * of the kept totals, facts or counts the API reads: what each tile must say after any change, at
 * the moment `at` (default the statement's now()).
 */
export async function countedDirectly(db: Kysely<DB>, at?: Date): Promise<CountStats> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const { rows } = await sql<Record<keyof CountStats, number>>`select
    (select count(*) from classes where status_id in (1, 2) and ends_at <= ${now})::int as "unmarkedClassTotal",
    (select count(*) from courses where course_status_id = 1)::int as "draftCourseTotal",
    (select count(*) from courses c where c.course_status_id in (2, 3)
      and c.duration - (select count(*) from classes k where k.course_id = c.course_id and k.starts_at <= ${now}) <= 3)::int as "lessThanThreeClassesRemaining",
    (select count(*) from courses c where c.course_status_id = 2 and c.duration * c.class_length_template
      <> (select coalesce(sum(k.class_length), 0) from classes k where k.course_id = c.course_id))::int as "classCountErrorTotal",
    (select count(*) from courses c where c.course_status_id = 2
      and (select max(k.starts_at) from classes k where k.course_id = c.course_id) < (((${now} at time zone 'Europe/London')::date + 15)::timestamp at time zone 'Europe/London'))::int as "expiredTotal"`.execute(db);
  return rows[0] as CountStats;
}
