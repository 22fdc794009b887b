import { showDate } from '@rollbook/shared-types/display-dates';

// The calendar's week and day views name their dates as every screen does (dd/MM/yyyy): left to
// its en-GB locale, FullCalendar titled a week '23 – 29 Nov 2026' and headed its days 'Mon 23/11'.
// The month view keeps its month name ('November 2026') and weekday headers.

interface Marker {
  year: number;
  month: number;
  day: number;
}

/** The part of FullCalendar's formatting argument read here (its end is inclusive). */
interface FormattingArg {
  date: Marker;
  start: Marker;
  end?: Marker | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

/** FullCalendar's markers carry the calendar's (London) wall-clock fields, months from 0. */
const dateOf = (marker: Marker) => showDate(`${marker.year}-${pad(marker.month + 1)}-${pad(marker.day)}`);

/** '23/11/2026 - 29/11/2026' for a week, '25/11/2026' for a day (the range's end is inclusive here). */
export function rangeTitle(arg: FormattingArg): string {
  const start = dateOf(arg.start);
  const end = arg.end ? dateOf(arg.end) : start;
  return end === start ? start : `${start} - ${end}`;
}

/** 'Mon 23/11/2026'. */
export function dayHeader(arg: FormattingArg): string {
  const { year, month, day } = arg.date;
  return `${WEEKDAYS[new Date(Date.UTC(year, month, day)).getUTCDay()]} ${dateOf(arg.date)}`;
}

export const DATED_VIEWS = {
  timeGridWeek: { titleFormat: rangeTitle, dayHeaderFormat: dayHeader },
  timeGridDay: { titleFormat: rangeTitle, dayHeaderFormat: dayHeader },
};
