import { isoToDmy, parseDmy, toIsoDate, type CalendarDate } from '@rollbook/shared-types/dates';

// How a spreadsheet's cells are read. Pure functions: each answers the value, or null when the cell
// cannot be read as one (the caller words the problem).

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** 'jan' and 'january' (and 'sept') to 1…12. */
const MONTH_NUMBERS = new Map<string, number>([
  ...MONTH_NAMES.flatMap((name, i): [string, number][] => [[name, i + 1], [name.slice(0, 3), i + 1]]),
  ['sept', 9],
]);

/** Excel's day 0 in its 1900 date system, counting its phantom 29/02/1900 (serial 60). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
/**
 * Excel serials of 18/05/1927 and 31/12/2199. Five digits or six: a four-digit number is a year
 * someone typed alone ("1990"), which must not pass for a day in 1905.
 */
const EXCEL_SERIAL_MIN = 10_000;
const EXCEL_SERIAL_MAX = 109_572;

// A time Excel writes after a date cell that holds one ("31/01/1990 00:00"); dates here are days.
const TIME_TAIL = '(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)?';
const DAY_FIRST = new RegExp(`^(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4})${TIME_TAIL}$`);
const ISO = new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})${TIME_TAIL}$`);
const MONTH_NAME = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4})$/;
const SERIAL = /^(\d{5,6})(?:\.\d+)?$/;

function real(year: number, month: number, day: number): CalendarDate | null {
  return parseDmy(`${day}/${month}/${year}`);
}

function fromSerial(serial: number): CalendarDate | null {
  if (serial < EXCEL_SERIAL_MIN || serial > EXCEL_SERIAL_MAX) return null;
  const date = new Date(EXCEL_EPOCH_UTC + serial * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * A date as spreadsheets write it, as 'yyyy-MM-dd', else null. Day first always (a British school:
 * 03/04/2001 is 3 April), a four-digit year (a two-digit one is refused rather than guessed):
 * d/m/yyyy (also with - or .), yyyy-MM-dd, 31-Jan-2001 or 31 January 2001, and an Excel date
 * number (what a cell formatted as a number shows). A time of day after the date is ignored.
 */
export function readDate(text: string): string | null {
  const value = text.trim();
  let date: CalendarDate | null = null;
  let m: RegExpExecArray | null;
  if ((m = DAY_FIRST.exec(value))) date = real(Number(m[3]), Number(m[2]), Number(m[1]));
  else if ((m = ISO.exec(value))) date = real(Number(m[1]), Number(m[2]), Number(m[3]));
  else if ((m = MONTH_NAME.exec(value))) {
    const month = MONTH_NUMBERS.get((m[2] as string).toLowerCase());
    date = month === undefined ? null : real(Number(m[3]), month, Number(m[1]));
  } else if ((m = SERIAL.exec(value))) date = fromSerial(Number(m[1]));
  return date ? toIsoDate(date) : null;
}

/** The date as the forms take it (dd/MM/yyyy), or null. */
export function readDateAsDmy(text: string): string | null {
  const iso = readDate(text);
  return iso ? isoToDmy(iso) : null;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Yes / No (also Y, N, True, False, 1, 0), else null. */
export function readYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

const GENDERS: Record<string, 1 | 2 | 3> = { male: 1, m: 1, female: 2, f: 2, other: 3, o: 3 };

/** Male, Female or Other (also M, F, O): 1, 2 or 3, else null. */
export function readGender(text: string): 1 | 2 | 3 | null {
  return GENDERS[text.trim().toLowerCase()] ?? null;
}

/**
 * Pounds as typed in a spreadsheet: '25.50', '£25.50', '1,250.00', or '25,50' (a decimal comma,
 * as files saved with ';' separators write it). Else null.
 */
export function readPounds(text: string): number | null {
  const value = text.trim().replace(/^£\s*/, '');
  if (/^\d+,\d{1,2}$/.test(value)) return Number(value.replace(',', '.'));
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) return Number(value.replace(/,/g, ''));
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  return null;
}

/** Whole pounds: as readPounds, and '1200.00' is 1200; a price with pence is not whole (null). */
export function readWholePounds(text: string): number | null {
  const pounds = readPounds(text);
  return pounds !== null && Number.isInteger(pounds) ? pounds : null;
}

/** A list in one cell, separated by commas, semicolons or line breaks; blanks dropped. */
export function readList(text: string): string[] {
  return text.split(/[,;\r\n]+/).map((item) => item.trim()).filter((item) => item !== '');
}

/** Letters and digits only, lower case: how headings and names are compared. */
export const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
