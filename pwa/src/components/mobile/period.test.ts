import { describe, expect, it } from 'vitest';
import { periodOf, type PeriodCode } from './period';

// Sunday 22 November 2026, 23:30 London (GMT): the last minutes of a week.
const SUNDAY_NIGHT = new Date('2026-11-22T23:30:00Z');

describe('the period of the phone class lists', () => {
  it.each<[PeriodCode, number, string, string, string, string]>([
    ['W', 0, 'Classes in week', '16/11/2026 - 22/11/2026', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['W', 1, 'Classes in week', '23/11/2026 - 29/11/2026', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['W', -1, 'Classes in week', '09/11/2026 - 15/11/2026', '2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['D', 0, 'Classes on', '22/11/2026', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['D', 1, 'Classes on', '23/11/2026', '2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
    ['M', 0, 'Classes in', 'November 2026', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['M', 2, 'Classes in', 'January 2027', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
  ])('%s with offset %i is headed "%s %s" and covers London midnight to midnight', (code, offset, prefix, dates, from, to) => {
    const period = periodOf(code, offset, SUNDAY_NIGHT);
    expect(period.headingPrefix).toBe(prefix);
    expect(period.datesSelected).toBe(dates);
    expect(period.fromIso).toBe(from);
    expect(period.toIso).toBe(to);
  });

  it('starts weeks on Monday, also when today is Sunday', () => {
    expect(periodOf('W', 0, new Date('2026-11-22T10:00:00Z')).datesSelected).toBe('16/11/2026 - 22/11/2026');
    expect(periodOf('W', 0, new Date('2026-11-23T00:30:00Z')).datesSelected).toBe('23/11/2026 - 29/11/2026');
  });

  it('reads today in London: 23:30 UTC in summer is already tomorrow', () => {
    const period = periodOf('D', 0, new Date('2026-07-05T23:30:00Z'));
    expect(period.datesSelected).toBe('06/07/2026');
    expect(period.fromIso).toBe('2026-07-05T23:00:00.000Z');
  });

  it('keeps London midnights across the change of clocks (a 25-hour Sunday in October)', () => {
    const week = periodOf('W', 0, new Date('2026-10-21T12:00:00Z'));
    expect(week.datesSelected).toBe('19/10/2026 - 25/10/2026');
    expect(week.fromIso).toBe('2026-10-18T23:00:00.000Z');
    expect(week.toIso).toBe('2026-10-26T00:00:00.000Z');
  });

  it('moves a month back from March into February without skipping', () => {
    expect(periodOf('M', -1, new Date('2027-03-31T12:00:00Z')).datesSelected).toBe('February 2027');
  });
});
