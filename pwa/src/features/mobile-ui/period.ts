import { DateTime } from 'luxon';

// The DAY / WEEK / MONTH switch of the phone class lists (spec §2.12, codes D, W, M; default W).
// The school runs on London time and weeks start on Monday (luxon's ISO weeks).

export const LONDON = 'Europe/London';

export type PeriodCode = 'D' | 'W' | 'M';

export const PERIOD_CODES: readonly PeriodCode[] = ['D', 'W', 'M'];
export const PERIOD_LABELS: Record<PeriodCode, string> = { D: 'DAY', W: 'WEEK', M: 'MONTH' };
export const DEFAULT_PERIOD: PeriodCode = 'W';

export interface Period {
  code: PeriodCode;
  /** How many periods away from the current one (-1 the previous, 1 the next). */
  offset: number;
  /** First instant of the period and the first instant after it, ISO (for useClassesInRange). */
  fromIso: string;
  toIso: string;
  /** 'Classes on', 'Classes in week' or 'Classes in'. */
  headingPrefix: string;
  /** '23/11/2026', '23/11/2026 - 29/11/2026' or 'November 2026'. */
  datesSelected: string;
}

const UNITS = { D: 'day', W: 'week', M: 'month' } as const;
const steps = (code: PeriodCode, n: number) => (code === 'D' ? { days: n } : code === 'W' ? { weeks: n } : { months: n });
const PREFIXES: Record<PeriodCode, string> = { D: 'Classes on', W: 'Classes in week', M: 'Classes in' };
const dmy = (date: DateTime) => date.toFormat('dd/MM/yyyy');

function describe(code: PeriodCode, from: DateTime, to: DateTime): string {
  if (code === 'D') return dmy(from);
  if (code === 'W') return `${dmy(from)} - ${dmy(to.minus({ days: 1 }))}`;
  return from.setLocale('en-GB').toFormat('MMMM yyyy');
}

/** The period `offset` steps from the one containing `now` (London wall-clock). */
export function periodOf(code: PeriodCode, offset: number, now: Date = new Date()): Period {
  const unit = UNITS[code];
  const from = DateTime.fromJSDate(now, { zone: LONDON }).startOf(unit).plus(steps(code, offset)).startOf(unit);
  const to = from.plus(steps(code, 1)).startOf(unit);
  return {
    code,
    offset,
    fromIso: from.toUTC().toISO() ?? '',
    toIso: to.toUTC().toISO() ?? '',
    headingPrefix: PREFIXES[code],
    datesSelected: describe(code, from, to),
  };
}
