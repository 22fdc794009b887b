import {
  classPayPence, formatHoursMinutes, formatPounds, minutesToHours, parsePoundsToPence, penceToDecimalString, penceToPounds, sumPence,
} from '@rollbook/shared-types/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('classPayPence (minutes / 60 × hourly rate, to the penny, half up)', () => {
  it.each([
    // minutes, rate pence/h, pence, why
    [50, 1735, 1446, '50 min at £17.35/h = 1445.8333p'],
    [45, 2000, 1500, 'a whole result'],
    [60, 1735, 1735, 'one hour is the rate'],
    [1, 1500, 25, 'a 1-minute class'],
    [1, 1, 0, '1 minute at 1p/h = 0.0167p'],
    [1, 30, 1, '0.5p rounds up'],
    [1, 29, 0, '0.4833p rounds down'],
    [30, 1, 1, '0.5p rounds up'],
    [90, 1999, 2999, '2998.5p rounds up'],
    [7, 1234, 144, '143.9667p'],
    [59, 1001, 984, '984.3167p'],
    [55, 2199, 2016, '2015.75p'],
    [25, 1850, 771, '770.8333p'],
    [40, 2525, 1683, '1683.3333p'],
    [0, 2000, 0, 'no minutes'],
    [120, 0, 0, 'a zero rate'],
    [1440, 10_000_000, 240_000_000, 'the largest class at the largest rate'],
  ])('%i min at %ip/h is %ip (%s)', (minutes, rate, pence) => {
    expect(classPayPence(minutes, rate)).toBe(pence);
  });

  it('agrees with exact rational arithmetic for any length and rate', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 0, max: 10_000_000 }), (minutes, rate) => {
      const product = BigInt(minutes) * BigInt(rate);
      const expected = (product * 2n + 60n) / 120n; // floor(product / 60 + 1/2)
      expect(classPayPence(minutes, rate)).toBe(Number(expected));
    }), { numRuns: 2000 });
  });

  it.each([[-1, 100], [1.5, 100], [10, -1], [10, 0.5], [Number.NaN, 100]])('refuses %s minutes at %s pence', (minutes, rate) => {
    expect(() => classPayPence(minutes, rate)).toThrow(RangeError);
  });
});

describe('totals', () => {
  it('a total is the sum of the rounded lines, not the rounded sum of exact amounts', () => {
    // Three 20-minute classes at £10.01/h: each 333.67p → 334p, so the report pays 1002p, not the 1001p
    // an hour at once would make.
    const lines = [20, 20, 20].map((m) => classPayPence(m, 1001)); // 333.6667 → 334 each
    expect(lines).toEqual([334, 334, 334]);
    expect(sumPence(lines)).toBe(1002);
    expect(classPayPence(60, 1001)).toBe(1001);
  });

  it('refuses fractional pence in a sum', () => {
    expect(() => sumPence([1, 0.5])).toThrow(RangeError);
  });
});

describe('minutesToHours (two decimals, half up)', () => {
  it.each([[50, 0.83], [1, 0.02], [45, 0.75], [90, 1.5], [100, 1.67], [3, 0.05], [0, 0], [6000, 100], [2, 0.03], [10, 0.17]])(
    '%i minutes is %s hours',
    (minutes, hours) => expect(minutesToHours(minutes)).toBe(hours),
  );
});

describe('formatting', () => {
  it.each([
    [0, '£0.00'], [5, '£0.05'], [99, '£0.99'], [100, '£1.00'], [1446, '£14.46'], [123456, '£1,234.56'],
    [100000000, '£1,000,000.00'], [99999999, '£999,999.99'], [-5, '-£0.05'], [-123456, '-£1,234.56'],
  ])('formatPounds(%i) is %s', (pence, text) => expect(formatPounds(pence)).toBe(text));

  it('formats like en-GB currency formatting', () => {
    const gb = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (pence) => {
      expect(formatPounds(pence)).toBe(gb.format(pence / 100));
    }), { numRuns: 500 });
  });

  it.each([[0, '0.00'], [7, '0.07'], [1446, '14.46'], [123456, '1234.56'], [-250, '-2.50']])('penceToDecimalString(%i) is %s', (pence, text) => {
    expect(penceToDecimalString(pence)).toBe(text);
  });

  it('penceToPounds gives the display number', () => {
    expect(penceToPounds(1735)).toBe(17.35);
    expect(penceToPounds(1446)).toBe(14.46);
    expect(penceToPounds(10)).toBe(0.1);
  });

  it.each([[0, '0h 0m'], [45, '0h 45m'], [60, '1h 0m'], [95, '1h 35m'], [1805, '30h 5m']])('formatHoursMinutes(%i) is %s', (minutes, text) => {
    expect(formatHoursMinutes(minutes)).toBe(text);
  });

  it.each([
    ['17.35', 1735], ['£17.35', 1735], ['20', 2000], ['0.5', 50], ['1,234.56', 123456], [' 3.07 ', 307],
    ['17.355', null], ['abc', null], ['-1', null], ['', null], ['1,23', null],
  ])('parsePoundsToPence(%j) is %s', (text, pence) => expect(parsePoundsToPence(text)).toBe(pence));
});
