import { addDays, isoWeekday } from '../../lib/london-time.js';

/** How a series repeats (the schedules table). */
export interface ScheduleRule {
  intervalDays: number;
  weekdaysOnly: boolean;
}

const isWeekend = (isoDate: string) => isoWeekday(isoDate) >= 6;

/** Saturday or Sunday moves on to Monday when the schedule keeps to weekdays. */
function keepToWeekdays(isoDate: string, rule: ScheduleRule): string {
  let date = isoDate;
  while (rule.weekdaysOnly && isWeekend(date)) date = addDays(date, 1);
  return date;
}

/** The first class: the start date, or the first date from it on the chosen weekday (1 Monday … 7 Sunday). */
export function firstClassDate(startDate: string, dayWeekId: number | null, rule: ScheduleRule): string {
  const onWeekday = dayWeekId ? addDays(startDate, (dayWeekId - isoWeekday(startDate) + 7) % 7) : startDate;
  return keepToWeekdays(onWeekday, rule);
}

/** The slot after a class date: intervalDays on, skipping the weekend for weekday schedules. */
export function nextClassDate(isoDate: string, rule: ScheduleRule): string {
  return keepToWeekdays(addDays(isoDate, rule.intervalDays), rule);
}

/** The name of the closure that shuts the school on a date, or null when it is open. */
export type ClosedOn = (isoDate: string) => string | null;

export interface SkippedSlot {
  date: string;
  closureName: string;
}

/** Slots looked at before giving up: a schedule whose every slot is closed would never end. */
const MAX_SLOTS_LOOKED_AT = 5_000;

/** The first slot after a class date that is not a closure day (move to end); null if none is found. */
export function nextOpenClassDate(isoDate: string, rule: ScheduleRule, closedOn: ClosedOn): string | null {
  let date = nextClassDate(isoDate, rule);
  for (let looked = 0; looked < MAX_SLOTS_LOOKED_AT; looked++, date = nextClassDate(date, rule)) {
    if (closedOn(date) === null) return date;
  }
  return null;
}

/**
 * The dates of count classes from the start date, following the schedule. A slot on a closure day
 * is left out (and said so in skipped) and the series runs on, so it still has count classes.
 */
export function classDates(startDate: string, count: number, dayWeekId: number | null, rule: ScheduleRule, closedOn: ClosedOn = () => null): { dates: string[]; skipped: SkippedSlot[] } {
  const dates: string[] = [];
  const skipped: SkippedSlot[] = [];
  let date = firstClassDate(startDate, dayWeekId, rule);
  for (let looked = 0; dates.length < count && looked < MAX_SLOTS_LOOKED_AT; looked++) {
    const closureName = closedOn(date);
    if (closureName === null) dates.push(date);
    else skipped.push({ date, closureName });
    date = nextClassDate(date, rule);
  }
  return { dates, skipped };
}
