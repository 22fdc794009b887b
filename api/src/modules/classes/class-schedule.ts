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

/** The dates of count classes from the start date, following the schedule. */
export function classDates(startDate: string, count: number, dayWeekId: number | null, rule: ScheduleRule): string[] {
  const dates: string[] = [];
  let date = firstClassDate(startDate, dayWeekId, rule);
  for (let i = 0; i < count; i++) {
    dates.push(date);
    date = nextClassDate(date, rule);
  }
  return dates;
}
