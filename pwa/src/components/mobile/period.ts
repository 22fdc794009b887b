import { dayMonthYear, londonInstant, londonWallClock, monthYear } from '../../lib/london-time';

// The DAY / WEEK / MONTH switch of the phone class lists (spec §2.12, codes D, W, M; default W).
// The school runs on London time and weeks start on Monday (ISO weeks).

export type PeriodCode = 'D' | 'W' | 'M';

export const PERIOD_CODES: readonly PeriodCode[] = ['D', 'W', 'M'];
export const PERIOD_LABELS: Record<PeriodCode, string> = { D: 'DAY', W: 'WEEK', M: 'MONTH' };
export const DEFAULT_PERIOD: PeriodCode = 'W';

export interface Period {
  code: PeriodCode;
  /** How many periods away from the current one (-1 the previous, 1 the next). */
  offset: number;
  /** First instant of the period and the first instant after it, ISO (for useClassesInRange). */
  fromIso: string;
  toIso: string;
  /** 'Classes on', 'Classes in week' or 'Classes in'. */
  headingPrefix: string;
  /** '23/11/2026', '23/11/2026 - 29/11/2026' or 'November 2026'. */
  datesSelected: string;
}

const PREFIXES: Record<PeriodCode, string> = { D: 'Classes on', W: 'Classes in week', M: 'Classes in' };

/** A London calendar date, normalised (day 0 is the last of the month before, month 13 next January…). */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function calendarDay(year: number, month: number, day: number): CalendarDay {
  const date = new Date(Date.UTC(year, month - 1, day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first day of the period `offset` steps from the one holding `today`, and the first day after it. */
function bounds(code: PeriodCode, offset: number, today: ReturnType<typeof londonWallClock>): [CalendarDay, CalendarDay] {
  const { year, month, day } = today;
  if (code === 'D') return [calendarDay(year, month, day + offset), calendarDay(year, month, day + offset + 1)];
  if (code === 'W') {
    const monday = day - (today.weekday - 1) + 7 * offset;
    return [calendarDay(year, month, monday), calendarDay(year, month, monday + 7)];
  }
  return [calendarDay(year, month + offset, 1), calendarDay(year, month + offset + 1, 1)];
}

const midnightIso = (day: CalendarDay) => new Date(londonInstant(day.year, day.month, day.day)).toISOString();

function describe(code: PeriodCode, from: CalendarDay, to: CalendarDay): string {
  if (code === 'D') return dayMonthYear(from);
  if (code === 'W') return `${dayMonthYear(from)} - ${dayMonthYear(calendarDay(to.year, to.month, to.day - 1))}`;
  return monthYear(from);
}

/** The period `offset` steps from the one containing `now` (London wall-clock). */
export function periodOf(code: PeriodCode, offset: number, now: Date = new Date()): Period {
  const [from, to] = bounds(code, offset, londonWallClock(now.getTime()));
  return {
    code,
    offset,
    fromIso: midnightIso(from),
    toIso: midnightIso(to),
    headingPrefix: PREFIXES[code],
    datesSelected: describe(code, from, to),
  };
}
