import { ClassStatus } from '@rollbook/shared-types/statuses';
import { sql, type RawBuilder } from 'kysely';
import { derivedClassStatusIs } from '../classes/class-status.js';

// Small SQL pieces the reports and dashboard share. The class status rules themselves live in
// the classes module, written once.

export const SCHOOL_ZONE = 'Europe/London';
// A literal, not a parameter, so the same expression can appear in select and group by.
const ZONE = sql.lit(SCHOOL_ZONE);

export { derivedClassStatus } from '../classes/class-status.js';

/** "Requires marking": ended and not marked. */
export const requiresMarking = (alias = 'classes') => derivedClassStatusIs(ClassStatus.RequiresMarking, alias);

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
