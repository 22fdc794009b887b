import type { PeriodCode } from '@rollbook/shared-types/dashboard';
import { DateTime } from 'luxon';
import { dmy, SCHOOL_ZONE } from '../reports/class-sql.js';

// London calendar periods. (The classes module has its own periodAround in api/src/lib/london-time.ts,
// not yet committed when this was written; merge the two.)

export interface DatePeriod {
  /** First and last London dates, inclusive. */
  from: string;
  to: string;
  label: string;
}

/** Today (D), this week Monday–Sunday (W) or this month (M) in London, moved by `multiplier` periods. */
export function londonPeriod(code: PeriodCode, multiplier: number, now: Date): DatePeriod {
  const unit = ({ D: 'day', W: 'week', M: 'month' } as const)[code];
  // luxon weeks are ISO weeks: they start on Monday, as the school's do.
  const start = DateTime.fromJSDate(now, { zone: SCHOOL_ZONE }).plus({ [`${unit}s`]: multiplier }).startOf(unit);
  const from = start.toISODate() as string;
  const to = start.endOf(unit).toISODate() as string;
  return { from, to, label: code === 'D' ? dmy(from) : `${dmy(from)} - ${dmy(to)}` };
}

export function londonYear(now: Date): number {
  return DateTime.fromJSDate(now, { zone: SCHOOL_ZONE }).year;
}
