import { sql, type RawBuilder } from 'kysely';

// Small SQL pieces the reports and dashboard share. The derived class status duplicates what the
// classes module (issue 3) computes for its lists; merge the two once that lands.

export const SCHOOL_ZONE = 'Europe/London';
// A literal, not a parameter, so the same expression can appear in select and group by.
const ZONE = sql.lit(SCHOOL_ZONE);

/**
 * Class status as users see it, as the classes module derives it: stored 0, 3, 4, 5 and 6 as they
 * are; otherwise 2 (Requires marking) once the class has ended, else 1 (Scheduled).
 */
export function derivedClassStatus(alias = 'classes'): RawBuilder<number> {
  const status = sql.ref(`${alias}.status_id`);
  return sql<number>`(case when ${status} in (0, 3, 4, 5, 6) then ${status} when ${sql.ref(`${alias}.ends_at`)} <= now() then 2 else 1 end)::int`;
}

/** "Requires marking": ended and not marked (stored 1, or 2). */
export function requiresMarking(alias = 'classes'): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.status_id`)} in (1, 2) and ${sql.ref(`${alias}.ends_at`)} <= now())`;
}

/** The London calendar date of a timestamptz column, as a date. */
export function londonDate(column: string): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} at time zone ${ZONE})::date`;
}

/** 'yyyy-MM-dd' of a timestamptz column in London. */
export function londonIsoDate(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${ZONE}, 'YYYY-MM-DD')`;
}

/** 'HH:mm' of a timestamptz column in London. */
export function londonTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${ZONE}, 'HH24:MI')`;
}

/** Today's date in London, as a date. */
export const londonToday: RawBuilder<string> = sql<string>`(now() at time zone ${ZONE})::date`;

export { isoToDmy as dmy } from '@rollbook/shared-types/dates';
