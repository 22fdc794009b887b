import { DateTime } from 'luxon';

export const SCHOOL_ZONE = 'Europe/London';

/** Today in London as yyyy-MM-dd. */
export function londonToday(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: SCHOOL_ZONE }).toISODate() as string;
}

/** yyyy-MM-dd as dd/MM/yyyy; anything else unchanged. */
export function isoToDmy(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
