import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { parseDmy, toIsoDate as calendarIso } from '@rollbook/shared-types/dates';
import { showDate } from '@rollbook/shared-types/display-dates';
import { instantOfIso, londonWallClock } from '../../lib/london-time';

// The reschedule form of the phone (mode E): a date, hour 00-23, minutes in steps of 5 and a
// duration in minutes, sent as 'd/m/yyyy HH:mm' London time.

export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);
export const MINUTES: readonly number[] = Array.from({ length: 12 }, (_, i) => i * 5);
export const MAX_CLASS_LENGTH = 1440;

export const RESCHEDULE_MESSAGES = {
  // The same words as the office's reschedule dialog.
  date: 'Please enter a valid date as d/m/yyyy',
  classLength: 'Please enter the class length in minutes',
} as const;

export interface RescheduleValues {
  /** As typed or picked: 'dd/MM/yyyy' (d/m/yyyy accepted). */
  date: string;
  hour: number;
  minute: number;
  /** As typed. */
  classLength: string;
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The class's own London date and time (minutes down to a 5-minute step) and length. */
export function initialValues(cls: { startsAt: string; classLength: number }): RescheduleValues {
  const start = londonWallClock(instantOfIso(cls.startsAt));
  return {
    date: showDate(cls.startsAt),
    hour: start.hour,
    minute: start.minute - (start.minute % 5),
    classLength: String(cls.classLength),
  };
}

export type RescheduleErrors = Partial<Record<'date' | 'classLength' | 'minute', string>>;

export function validateReschedule(values: RescheduleValues): RescheduleErrors {
  const errors: RescheduleErrors = {};
  if (!parseDmy(values.date.trim())) errors.date = RESCHEDULE_MESSAGES.date;
  if (values.minute % 5 !== 0) errors.minute = CLASS_MESSAGES.fiveMinutes;
  const length = Number(values.classLength);
  if (!/^\d+$/.test(values.classLength.trim()) || length < 1 || length > MAX_CLASS_LENGTH) errors.classLength = RESCHEDULE_MESSAGES.classLength;
  return errors;
}

/** 'd/m/yyyy HH:mm' for rescheduleClass (the spec sends the date as day/month/year). */
export function toClassDate(values: RescheduleValues): string {
  const date = parseDmy(values.date.trim());
  if (!date) throw new RangeError(RESCHEDULE_MESSAGES.date);
  return `${date.day}/${date.month}/${date.year} ${pad2(values.hour)}:${pad2(values.minute)}`;
}

/** 'yyyy-MM-dd' for the calendar picker, or undefined when the typed date is not valid. */
export function toIsoDate(dmy: string): string | undefined {
  const date = parseDmy(dmy.trim());
  return date ? calendarIso(date) : undefined;
}

/** The picker's 'yyyy-MM-dd…' as 'dd/MM/yyyy'. */
export const fromIsoDate = (iso: string): string => showDate(iso.slice(0, 10));
