import { DateTime } from 'luxon';

export const SCHOOL_ZONE = 'Europe/London';

/** Today in London as yyyy-MM-dd. */
export function londonToday(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: SCHOOL_ZONE }).toISODate() as string;
}
