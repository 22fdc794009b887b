import fc from 'fast-check';
import { DateTime, Settings } from 'luxon';
import { describe, expect, it, onTestFinished } from 'vitest';
import { dayMonthYear, dayShortMonthYear, hoursMinutes, instantOfIso, londonInstant, londonWallClock, monthYear, weekdayName } from './london-time';

// The startup code reads London time through Intl instead of luxon; luxon (still used by the admin
// pages, and what this code used before) is the reference it must agree with.

const FROM_2020 = Date.UTC(2020, 0, 1);
const TO_2035 = Date.UTC(2035, 0, 1);

describe('London wall-clock time without luxon', () => {
  it('reads the same date, time and weekday as luxon at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_2020, max: TO_2035 }), (instant) => {
        const expected = DateTime.fromMillis(instant, { zone: 'Europe/London' }).setLocale('en-US');
        const clock = londonWallClock(instant);
        expect(dayMonthYear(clock)).toBe(expected.toFormat('dd/MM/yyyy'));
        expect(dayShortMonthYear(clock)).toBe(expected.toFormat('dd-MMM-yyyy'));
        expect(monthYear(clock)).toBe(expected.setLocale('en-GB').toFormat('MMMM yyyy'));
        expect(hoursMinutes(clock)).toBe(expected.toFormat('HH:mm'));
        expect(weekdayName(clock)).toBe(expected.toFormat('cccc'));
        expect(clock.weekday).toBe(expected.weekday);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same instant as luxon for any London wall-clock time on a five-minute step', () => {
    // Of the hour repeated in autumn, luxon picks by today's offset: a winter "today" makes it the
    // later one, as londonInstant always does.
    const now = Settings.now;
    Settings.now = () => Date.UTC(2026, 0, 15);
    onTestFinished(() => {
      Settings.now = now;
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (TO_2035 - FROM_2020) / 300_000 }), (step) => {
        const wall = new Date(FROM_2020 + step * 300_000);
        const [year, month, day, hour, minute] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()];
        const expected = DateTime.fromObject({ year, month, day, hour, minute }, { zone: 'Europe/London' }).toMillis();
        expect(londonInstant(year, month, day, hour, minute)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    // The clocks go forward at 01:00 on 29 March 2026: 01:30 does not exist and becomes 02:30 BST.
    ['2026-03-29T01:30', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29T00:30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29T02:30', '2026-03-29T01:30:00.000Z'],
    // They go back at 02:00 BST on 25 October 2026: 01:30 happens twice, the later (GMT) one wins.
    ['2026-10-25T01:30', '2026-10-25T01:30:00.000Z'],
    ['2026-10-25T00:30', '2026-10-24T23:30:00.000Z'],
    ['2026-07-01T09:00', '2026-07-01T08:00:00.000Z'],
    ['2026-12-01T09:00', '2026-12-01T09:00:00.000Z'],
  ])('reads %s (no offset) as London time: %s', (iso, expected) => {
    expect(new Date(instantOfIso(iso)).toISOString()).toBe(expected);
  });

  it('respects an offset or Z when the ISO string has one, and gives NaN for nonsense', () => {
    expect(instantOfIso('2026-07-01T09:00:00.000Z')).toBe(Date.UTC(2026, 6, 1, 9));
    expect(instantOfIso('2026-07-01T09:00:00+02:00')).toBe(Date.UTC(2026, 6, 1, 7));
    expect(instantOfIso('not a date')).toBeNaN();
  });
});
