import { DateTime } from 'luxon';
import { showDate } from '@rollbook/shared-types/display-dates';

// The school runs on London wall-clock time: a class "at 09:00" is 09:00 in winter and in summer.
// Calendar dates are 'yyyy-MM-dd' strings (as the database returns them); instants are Dates.
export const LONDON = 'Europe/London';
const DAY_MS = 86_400_000;

/** The instant of a London wall-clock time ('HH:mm') on a date. */
export function londonInstant(isoDate: string, time = '00:00'): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromObject({ year, month, day, hour, minute }, { zone: LONDON }).toJSDate();
}

const inLondon = (instant: Date) => DateTime.fromJSDate(instant, { zone: LONDON });

/** London calendar date of an instant. */
export const londonDate = (instant: Date): string => inLondon(instant).toISODate() as string;

/** London wall-clock time of an instant, 'HH:mm'. */
export const londonTime = (instant: Date): string => inLondon(instant).toFormat('HH:mm');

/** Days since 1970-01-01 of a calendar date: plain arithmetic, no time zone involved. */
const epochDay = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

export function addDays(isoDate: string, days: number): string {
  return new Date((epochDay(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export const isoWeekday = (isoDate: string): number => ((((epochDay(isoDate) + 3) % 7) + 7) % 7) + 1;

/** 'dd/MM/yyyy' of an ISO date (display-dates, as every date people read). */
export const dmy = (isoDate: string): string => showDate(isoDate.slice(0, 10));

export interface Period {
  /** First London date of the period and the day after its last (half-open). */
  fromDate: string;
  toDate: string;
  from: Date;
  to: Date;
  /** How headings show it: '23/11/2026', '23/11/2026 - 29/11/2026', 'November 2026', '2026'. */
  label: string;
}

/**
 * The day, week (Monday to Sunday), month or year around London today, moved by multiplier
 * periods (-1 the previous one, 1 the next).
 */
export function periodAround(code: 'D' | 'W' | 'M' | 'Y', multiplier: number, now: Date): Period {
  // Every phone asks for its week on every refresh, and luxon's zone arithmetic cost a fifth of a
  // millisecond a call: the answer only changes at London midnight, so it is kept until then.
  const key = `${code}${multiplier}`;
  const at = now.getTime();
  let kept = periodsToday.get(key);
  if (!kept || at < kept.dayStart || at >= kept.dayEnd) {
    const today = inLondon(now).startOf('day');
    kept = { dayStart: today.toMillis(), dayEnd: today.plus({ days: 1 }).toMillis(), period: computePeriod(today, code, multiplier) };
    if (periodsToday.size >= 1_000) periodsToday.clear();
    periodsToday.set(key, kept);
  }
  const { period } = kept;
  return { ...period, from: new Date(period.from), to: new Date(period.to) };
}

const periodsToday = new Map<string, { dayStart: number; dayEnd: number; period: Period }>();

function computePeriod(today: DateTime, code: 'D' | 'W' | 'M' | 'Y', multiplier: number): Period {
  const unit = ({ D: 'day', W: 'week', M: 'month', Y: 'year' } as const)[code];
  // luxon's weeks start on Monday (ISO), as the school's do.
  const start = today.plus({ [`${unit}s`]: multiplier }).startOf(unit);
  const end = start.plus({ [`${unit}s`]: 1 });
  const fromDate = start.toISODate() as string;
  const lastDate = end.minus({ days: 1 }).toISODate() as string;
  const label = code === 'D' ? dmy(fromDate)
    : code === 'W' ? `${dmy(fromDate)} - ${dmy(lastDate)}`
      : code === 'M' ? start.setLocale('en-GB').toFormat('LLLL yyyy')
        : start.toFormat('yyyy');
  return { fromDate, toDate: end.toISODate() as string, from: start.toJSDate(), to: end.toJSDate(), label };
}

/** Instant of London midnight starting a date (for inclusive date filters). */
export const londonDayStart = (isoDate: string): Date => londonInstant(isoDate, '00:00');
