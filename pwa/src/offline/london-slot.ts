import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { isFiveMinuteStep, parseDmyTime, parseTime } from '@rollbook/shared-types/dates';
import type { SyncClass } from '@rollbook/shared-types/sync';
import {
  dayMonthYear, dayShortMonthYear, hoursMinutes, instantOfIso, londonWallClock, weekdayName,
} from '../lib/london-time';

// What a reschedule changes on a cached class, worked out on the phone so the new time shows at
// once with no signal. The school runs on London wall-clock time, as the server does.

export type SlotFields = Pick<
  SyncClass,
  | 'startsAt' | 'endsAt' | 'classLength' | 'classDateString' | 'classDateMobile' | 'weekday' | 'dayWeekId'
  | 'time' | 'classTime' | 'classEndTime' | 'classDatesCombined'
>;

/** The same ISO form the server sends (toISOString), so the startsAt index sorts and compares. */
export const normaliseInstant = (iso: string): string => new Date(iso).toISOString();

/** The class's date and time fields for a start instant and a length in minutes. */
export function slotFields(startsAtIso: string, classLength: number): SlotFields {
  const startsAt = instantOfIso(startsAtIso);
  const endsAt = startsAt + classLength * 60_000;
  const start = londonWallClock(startsAt);
  const time = hoursMinutes(start);
  const endTime = hoursMinutes(londonWallClock(endsAt));
  return {
    startsAt: normaliseInstant(startsAtIso),
    endsAt: new Date(endsAt).toISOString(),
    classLength,
    classDateString: dayMonthYear(start),
    classDateMobile: dayShortMonthYear(start),
    weekday: weekdayName(start),
    dayWeekId: start.weekday,
    time,
    classTime: time,
    classEndTime: endTime,
    classDatesCombined: `${time} - ${endTime}`,
  };
}

/** 'd/m/yyyy HH:mm' (London, 5-minute steps) as the fields of the moved class; throws what the form should show. */
export function rescheduledSlot(classDate: string, classLength: number): SlotFields {
  const parsed = parseDmyTime(classDate);
  if (!parsed) throw new RangeError(CLASS_MESSAGES.classDate);
  const time = parseTime(parsed.time);
  if (!time || !isFiveMinuteStep(time)) throw new RangeError(CLASS_MESSAGES.fiveMinutes);
  return slotFields(new Date(instantOfIso(`${parsed.date}T${parsed.time}`)).toISOString(), classLength);
}
