import { describe, expect, it } from 'vitest';
import { londonPeriod, londonYear } from '../../src/modules/dashboard/dashboard-period.js';

// The dashboard's periods are London calendar days, weeks (Monday to Sunday) and months, last day
// included, whatever the clocks do.

describe('the dashboard periods', () => {
  const cases: { now: string; code: 'D' | 'W' | 'M'; multiplier: number; from: string; to: string; label: string }[] = [
    // The Sunday the clocks go forward: the week is Monday 23 to Sunday 29 March.
    { now: '2026-03-29T12:00:00Z', code: 'W', multiplier: 0, from: '2026-03-23', to: '2026-03-29', label: '23/03/2026 - 29/03/2026' },
    { now: '2026-03-29T12:00:00Z', code: 'M', multiplier: 0, from: '2026-03-01', to: '2026-03-31', label: '01/03/2026 - 31/03/2026' },
    { now: '2026-03-29T12:00:00Z', code: 'D', multiplier: -1, from: '2026-03-28', to: '2026-03-28', label: '28/03/2026' },
    // 23:30 on New Year's Eve in London: next month is January of the next year.
    { now: '2026-12-31T23:30:00Z', code: 'M', multiplier: 1, from: '2027-01-01', to: '2027-01-31', label: '01/01/2027 - 31/01/2027' },
    // 00:30 on 1 July in London (summer time) is still 30 June in UTC.
    { now: '2027-06-30T23:30:00Z', code: 'D', multiplier: 0, from: '2027-07-01', to: '2027-07-01', label: '01/07/2027' },
    { now: '2027-06-30T23:30:00Z', code: 'W', multiplier: 1, from: '2027-07-05', to: '2027-07-11', label: '05/07/2027 - 11/07/2027' },
  ];
  it.each(cases)('gives $code $multiplier around $now as $from to $to', ({ now, code, multiplier, from, to, label }) => {
    expect(londonPeriod(code, multiplier, new Date(now))).toEqual({ from, to, label });
  });

  it('gives the London year', () => {
    expect(londonYear(new Date('2026-12-31T23:30:00Z'))).toBe(2026);
    expect(londonYear(new Date('2027-12-31T23:30:00Z'))).toBe(2027);
    expect(londonYear(new Date('2027-06-30T23:30:00Z'))).toBe(2027);
  });
});
