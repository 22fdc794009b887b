import { showDate } from '@rollbook/shared-types/display-dates';

// London wall-clock time with the browser's own time-zone data (Intl), for the code that runs before
// the teacher's week shows: luxon (21 KB gzipped) then loads only with the pages that need more.
// The school runs on London time, as the server does.

export const LONDON = 'Europe/London';

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday: 1 is Monday, 7 is Sunday. */
  weekday: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function partsAt(instant: number): WallClock & { second: number } {
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(londonParts.formatToParts(instant).find((part) => part.type === type)?.value);
  const [year, month, day] = [value('year'), value('month'), value('day')];
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return { year, month, day, hour: value('hour'), minute: value('minute'), second: value('second'), weekday };
}

/** London's wall clock at an instant (ms since the epoch). */
export function londonWallClock(instant: number): WallClock {
  const { second: _second, ...clock } = partsAt(instant);
  return clock;
}

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffset(instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const wall = partsAt(whole);
  return (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - whole) / 60_000;
}

/**
 * The instant London's clocks show this wall-clock time. Like luxon: a time the clocks skip in
 * spring moves forward by the hour skipped, and of the hour repeated in autumn the later one wins.
 */
export function londonInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = londonOffset(asUtc);
  const guess = asUtc - first * 60_000;
  const second = londonOffset(guess);
  if (first === second) return guess;
  const retry = asUtc - second * 60_000;
  const third = londonOffset(retry);
  return third === second ? retry : asUtc - Math.min(second, third) * 60_000;
}

/**
 * An ISO string as an instant; one without an offset is London wall-clock time (as luxon's
 * fromISO with the London zone reads it). NaN when unreadable.
 */
export function instantOfIso(iso: string): number {
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(iso);
  if (!local) return Date.parse(iso);
  const [, year, month, day, hour = '0', minute = '0'] = local;
  return londonInstant(Number(year), Number(month), Number(day), Number(hour), Number(minute));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'dd/MM/yyyy', as display-dates shows every date. */
export const dayMonthYear = (clock: Pick<WallClock, 'year' | 'month' | 'day'>): string => showDate(`${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`);
/** 'dd-MMM-yyyy' in English ('05-Sep-2026'): the classDateMobile field the API also sends; screens show dayMonthYear. */
export const dayShortMonthYear = (clock: Pick<WallClock, 'year' | 'month' | 'day'>): string =>
  `${pad(clock.day)}-${MONTHS[clock.month - 1]?.slice(0, 3) ?? ''}-${pad(clock.year, 4)}`;
/** 'MMMM yyyy' ('November 2026'). */
export const monthYear = (clock: Pick<WallClock, 'year' | 'month'>): string => `${MONTHS[clock.month - 1] ?? ''} ${pad(clock.year, 4)}`;
/** 'HH:mm'. */
export const hoursMinutes = (clock: Pick<WallClock, 'hour' | 'minute'>): string => `${pad(clock.hour)}:${pad(clock.minute)}`;
/** 'Monday'…'Sunday'. */
export const weekdayName = (clock: Pick<WallClock, 'weekday'>): string => WEEKDAYS[clock.weekday - 1] ?? '';
