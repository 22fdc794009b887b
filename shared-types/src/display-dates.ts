// How dates and times are shown to people (spec: dd/MM/yyyy, HH:mm where a time is shown, the
// school's London time). Every screen, and every text the API writes for people, formats a date
// here, so no two places can show one date two ways. Intl only: no library, so the teacher's first
// page pays nothing for it.

export const SCHOOL_ZONE = 'Europe/London';

/**
 * What can be shown: an instant (a Date, milliseconds, or an ISO date-time with Z or an offset), a
 * London wall-clock time (an ISO date-time without offset, or 'd/m/yyyy HH:mm' as the reschedule
 * call takes it), or a calendar date ('yyyy-MM-dd' or 'd/m/yyyy'), which no time zone moves.
 */
export type DisplayableDate = Date | number | string;

interface Shown {
  date: string;
  time: string | null;
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');
const dayMonthYear = (year: number | string, month: number | string, day: number | string) => `${pad(day)}/${pad(month)}/${pad(year, 4)}`;

/** en-GB's own pattern, 'dd/MM/yyyy, HH:mm': read straight from format(), a quarter of formatToParts' cost (lists of thousands). */
const EN_GB = /^(\d{2}\/\d{2}\/\d{4}), (\d{2}:\d{2})$/;

function fromInstant(instant: number): Shown | null {
  if (!Number.isFinite(instant)) return null;
  const quick = EN_GB.exec(LONDON.format(instant));
  if (quick) return { date: quick[1] as string, time: quick[2] as string };
  const parts = LONDON.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: dayMonthYear(part('year'), part('month'), part('day')), time: `${part('hour')}:${part('minute')}` };
}

const ISO_WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;
const DMY_WALL_CLOCK = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;

function read(value: DisplayableDate): Shown | null {
  if (value instanceof Date) return fromInstant(value.getTime());
  if (typeof value === 'number') return fromInstant(value);
  const text = value.trim();
  // A calendar date or London wall-clock time is shown as written, whatever zone this runs in.
  const iso = ISO_WALL_CLOCK.exec(text);
  if (iso) return { date: dayMonthYear(iso[1] as string, iso[2] as string, iso[3] as string), time: iso[4] ? `${iso[4]}:${iso[5]}` : null };
  const dmy = DMY_WALL_CLOCK.exec(text);
  if (dmy) return { date: dayMonthYear(dmy[3] as string, dmy[2] as string, dmy[1] as string), time: dmy[4] ? `${pad(dmy[4])}:${dmy[5]}` : null };
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? fromInstant(Date.parse(text)) : null;
}

/** 'dd/MM/yyyy' (London date of an instant); text that is no date comes back as it was. */
export function showDate(value: DisplayableDate): string {
  return read(value)?.date ?? String(value);
}

/** 'dd/MM/yyyy HH:mm' (London time of an instant; a calendar date alone shows no time). */
export function showDateTime(value: DisplayableDate): string {
  const shown = read(value);
  if (!shown) return String(value);
  return shown.time === null ? shown.date : `${shown.date} ${shown.time}`;
}

/** 'HH:mm' (London time of an instant). */
export function showTime(value: DisplayableDate): string {
  return read(value)?.time ?? String(value);
}
