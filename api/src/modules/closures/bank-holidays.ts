import { addDays, isoWeekday } from '../../lib/london-time.js';

// England and Wales bank holidays, computed (never typed in): the rules gov.uk's list follows.
// One-off holidays by proclamation (a jubilee, a coronation, a moved May holiday as in 2020) are
// not rules; a school adds those by hand as closures.

export interface BankHoliday {
  /** 'yyyy-MM-dd'. */
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

const firstMonday = (year: number, month: number) => {
  const first = iso(year, month, 1);
  return addDays(first, (8 - isoWeekday(first)) % 7);
};

const lastMonday = (year: number, month: number, daysInMonth: number) => {
  const last = iso(year, month, daysInMonth);
  return addDays(last, -((isoWeekday(last) + 6) % 7));
};

/** A weekend day's holiday is taken on the next weekday not already a holiday (the substitute day). */
function substitute(date: string, taken: Set<string>): string {
  let day = date;
  while (isoWeekday(day) >= 6 || taken.has(day)) day = addDays(day, 1);
  return day;
}

function withSubstitute(date: string, name: string, taken: Set<string>): BankHoliday {
  const day = substitute(date, taken);
  taken.add(day);
  return { date: day, name: day === date ? name : `${name} (substitute day)` };
}

/** The year's bank holidays in England and Wales, in date order. */
export function englandAndWalesBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const taken = new Set<string>();
  const holidays: BankHoliday[] = [
    withSubstitute(iso(year, 1, 1), "New Year's Day", taken),
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: firstMonday(year, 5), name: 'Early May bank holiday' },
    { date: lastMonday(year, 5, 31), name: 'Spring bank holiday' },
    { date: lastMonday(year, 8, 31), name: 'Summer bank holiday' },
  ];
  // Christmas first, then Boxing Day: on a Saturday Christmas takes Monday and Boxing Day Tuesday;
  // on a Sunday Boxing Day keeps Monday and Christmas moves to Tuesday.
  const christmas = iso(year, 12, 25);
  const boxingDay = iso(year, 12, 26);
  if (isoWeekday(christmas) === 7) {
    taken.add(boxingDay);
    holidays.push(withSubstitute(christmas, 'Christmas Day', taken), { date: boxingDay, name: 'Boxing Day' });
  } else {
    holidays.push(withSubstitute(christmas, 'Christmas Day', taken), withSubstitute(boxingDay, 'Boxing Day', taken));
  }
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/** The key a bank holiday is added under, once ever (the closures job). */
export const bankHolidayKey = (holiday: BankHoliday): string => `england-and-wales:${holiday.date}`;
