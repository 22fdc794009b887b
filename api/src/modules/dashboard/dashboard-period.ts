import type { PeriodCode } from '@rollbook/shared-types/dashboard';
import { addDays, dmy, londonDate, periodAround } from '../../lib/london-time.js';

// The dashboard's London calendar periods: the classes list's (lib/london-time periodAround), with
// the last day inclusive and a 'from - to' label for a week or a month.

export interface DatePeriod {
  /** First and last London dates, inclusive. */
  from: string;
  to: string;
  label: string;
}

/** Today (D), this week Monday–Sunday (W) or this month (M) in London, moved by `multiplier` periods. */
export function londonPeriod(code: PeriodCode, multiplier: number, now: Date): DatePeriod {
  const { fromDate: from, toDate } = periodAround(code, multiplier, now);
  const to = addDays(toDate, -1);
  return { from, to, label: code === 'D' ? dmy(from) : `${dmy(from)} - ${dmy(to)}` };
}

export function londonYear(now: Date): number {
  return Number(londonDate(now).slice(0, 4));
}
