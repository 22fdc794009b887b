import { z } from 'zod';
import { showDate } from './display-dates.js';

// What people type into forms: d/m/yyyy dates, HH:mm times and whole numbers. Pure functions (no
// time zones, no libraries) so the PWA checks a field exactly as the API will.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/**
 * 'd/m/yyyy' (one or two digit day and month, four-digit year) as a real calendar date, else null:
 * three non-zero parts, month at most 12, day within its month (29/2 only in leap years).
 */
export function parseDmy(text: string): CalendarDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (day === 0 || month === 0 || year === 0 || month > 12) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-MM-dd', the form the database and the API's ISO fields use. */
export const toIsoDate = (d: CalendarDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** 'd/m/yyyy' to 'yyyy-MM-dd', or null when it is not a real date. */
export function dmyToIso(text: string): string | null {
  const date = parseDmy(text);
  return date ? toIsoDate(date) : null;
}

/** 'yyyy-MM-dd' to 'dd/MM/yyyy' (how every date is shown, by display-dates). */
export function isoToDmy(iso: string): string {
  return showDate(iso.slice(0, 10));
}

/** 'HH:mm' with hours 00-23 and minutes 00-59 (one-digit hours accepted). */
export function parseTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

export const formatTime = (t: { hour: number; minute: number }): string => `${pad(t.hour)}:${pad(t.minute)}`;

/** The time pickers offer minutes in steps of 5. */
export const isFiveMinuteStep = (t: { minute: number }): boolean => t.minute % 5 === 0;

/** 'd/m/yyyy HH:mm' (the reschedule call) to an ISO date and an 'HH:mm' time, or null. */
export function parseDmyTime(text: string): { date: string; time: string } | null {
  const [datePart, timePart, ...rest] = text.trim().split(/\s+/);
  if (!datePart || !timePart || rest.length > 0) return null;
  const date = dmyToIso(datePart);
  const time = parseTime(timePart);
  return date && time ? { date, time: formatTime(time) } : null;
}

/**
 * A whole number typed into a field ("12", 12, " 12 ", "007"), else null. Decimals, signs and
 * letters are refused rather than rounded: the spec's price and student counts are "numeric input
 * only". Not readInteger (integers.ts) on purpose: that is the wire's one spelling, refusing the
 * spaces and leading zeros people type, and taking negatives no typed count has; a form turns what
 * this reads into a JSON number (typedWholeNumber), which the wire then takes.
 */
export function parseWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\s*\d{1,15}\s*$/.test(value)) return null;
  return Number(value.trim());
}

/**
 * A typed number field as a form sends it: the whole number as a JSON number, so the wire carries
 * one spelling of it (integers.ts); anything else as typed, for the contract to refuse with the
 * field's message ('' stays '', an empty field).
 */
export const typedWholeNumber = (text: string): number | string => parseWholeNumber(text) ?? text;

/** A d/m/yyyy query or body field, checked for real and given to the code as 'yyyy-MM-dd'. */
export const DmyDateSchema = z
  .string()
  .trim()
  .refine((v) => parseDmy(v) !== null, { message: 'Please enter a valid date as d/m/yyyy' })
  .transform((v) => dmyToIso(v) as string);

/** Optional d/m/yyyy filter: an empty string counts as absent. */
export const OptionalDmyDateSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || parseDmy(v) !== null, { message: 'Please enter a valid date as d/m/yyyy' })
  .transform((v) => (v === '' ? undefined : (dmyToIso(v) as string)))
  .optional();

/** 'HH:mm' London wall-clock time. */
export const TimeSchema = z
  .string()
  .trim()
  .refine((v) => parseTime(v) !== null, { message: 'Please enter a time as HH:mm' })
  .transform((v) => formatTime(parseTime(v) as { hour: number; minute: number }));

/** ISO instant or date as calendars send range bounds ('2026-11-23' or '2026-11-23T00:00:00Z'). */
export const IsoDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: 'Please give an ISO date or date-time',
  });
