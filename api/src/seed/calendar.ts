import { DateTime } from 'luxon';

// The school's calendar. Dates are 'yyyy-MM-dd' strings (as the database returns them); class
// times are London wall-clock times turned into instants here, so 09:00 stays 09:00 across DST.
export const SCHOOL_ZONE = 'Europe/London';
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a calendar date. */
export function epochDay(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return fromEpochDay(epochDay(isoDate) + days);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(isoDate: string): number {
  return ((epochDay(isoDate) + 3) % 7 + 7) % 7 + 1;
}

/** The first date on or after isoDate that falls on weekday. */
export function nextWeekday(isoDate: string, weekday: number): string {
  return addDays(isoDate, (weekday - isoWeekday(isoDate) + 7) % 7);
}

export function mondayOf(isoDate: string): string {
  return addDays(isoDate, 1 - isoWeekday(isoDate));
}

export function londonDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: SCHOOL_ZONE }).toISODate() as string;
}

/** Minutes after London midnight of instant. */
export function londonMinuteOfDay(instant: Date): number {
  const t = DateTime.fromJSDate(instant, { zone: SCHOOL_ZONE });
  return t.hour * 60 + t.minute;
}

const instantCache = new Map<string, number>();

/** The instant of a London wall-clock time on a date ('HH:MM'). Cached: luxon's zone maths is slow and classes repeat slots. */
export function londonInstant(isoDate: string, time: string): Date {
  const key = `${isoDate}T${time}`;
  let ms = instantCache.get(key);
  if (ms === undefined) {
    const [year, month, day] = isoDate.split('-').map(Number);
    const [hour, minute] = time.split(':').map(Number);
    ms = DateTime.fromObject({ year, month, day, hour, minute }, { zone: SCHOOL_ZONE }).toMillis();
    if (instantCache.size > 100_000) instantCache.clear();
    instantCache.set(key, ms);
  }
  return new Date(ms);
}

export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number);
  return (hour ?? 0) * 60 + (minute ?? 0);
}

/** 'ddMMyy', as generated course titles carry the start date. */
export function ddmmyy(isoDate: string): string {
  return `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(2, 4)}`;
}

/** Last day of the month of isoDate. */
export function endOfMonth(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: 'utc' }).endOf('month').toISODate() as string;
}

export function monthName(month: number): string {
  return DateTime.utc(2000, month, 1).setLocale('en-GB').toFormat('LLLL');
}
