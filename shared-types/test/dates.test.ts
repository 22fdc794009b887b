import { describe, expect, it } from 'vitest';
import { DmyDateSchema, dmyToIso, isoToDmy, parseDmy, parseDmyTime, parseTime, parseWholeNumber, TimeSchema } from '../src/dates.js';
import { readInteger } from '../src/integers.js';

describe('d/m/yyyy dates', () => {
  it.each([
    ['29/2/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['1/1/2026', '2026-01-01'],
    ['31/12/2026', '2026-12-31'],
    ['30/4/2026', '2026-04-30'],
    [' 7/11/2026 ', '2026-11-07'],
  ])('accepts %s as %s', (input, iso) => {
    expect(dmyToIso(input)).toBe(iso);
  });

  it.each([
    ['29/2/2023', 'February 29th outside a leap year'],
    ['29/2/1900', 'February 29th in a century that is not a leap year'],
    ['31/4/2026', 'the 31st of a 30-day month'],
    ['0/1/2026', 'a zero day'],
    ['1/0/2026', 'a zero month'],
    ['1/13/2026', 'a thirteenth month'],
    ['1/1/26', 'a two-digit year'],
    ['1/1/0000', 'year zero'],
    ['2026-01-01', 'an ISO date'],
    ['1/1/2026/1', 'four parts'],
    ['', 'an empty string'],
    ['a/b/cdef', 'letters'],
  ])('refuses %s (%s)', (input) => {
    expect(parseDmy(input)).toBeNull();
  });

  it('shows ISO dates as dd/MM/yyyy', () => {
    expect(isoToDmy('2026-03-09')).toBe('09/03/2026');
  });

  it('gives the code an ISO date and the user a readable message', () => {
    expect(DmyDateSchema.parse('5/6/2026')).toBe('2026-06-05');
    const result = DmyDateSchema.safeParse('31/6/2026');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid date as d/m/yyyy');
  });
});

describe('times', () => {
  it.each([['09:00', '09:00'], ['9:05', '09:05'], ['23:55', '23:55']])('reads %s as %s', (input, expected) => {
    expect(TimeSchema.parse(input)).toBe(expected);
  });

  it.each(['24:00', '12:60', '1200', '12:5', ''])('refuses %s', (input) => {
    expect(parseTime(input)).toBeNull();
  });

  it('reads the reschedule form "d/m/yyyy HH:mm"', () => {
    expect(parseDmyTime('3/11/2026 14:35')).toEqual({ date: '2026-11-03', time: '14:35' });
    expect(parseDmyTime('31/11/2026 14:35')).toBeNull();
    expect(parseDmyTime('3/11/2026')).toBeNull();
  });
});

describe('whole numbers typed into a field', () => {
  it.each([[12, 12], ['12', 12], [' 40 ', 40], ['007', 7], [0, 0]])('reads %j as %d', (input, expected) => {
    expect(parseWholeNumber(input)).toBe(expected);
  });

  it('differs from the wire\'s one spelling (readInteger): typed spaces and leading zeros are taken, negatives are not', () => {
    const differing = [' 40 ', '007', '\t12', '-3', -3];
    expect(differing.map((v) => [parseWholeNumber(v), readInteger(v)])).toEqual([[40, null], [7, null], [12, null], [null, -3], [null, -3]]);
  });

  it.each([['12.5'], [12.5], ['-3'], [-3], ['12a'], [''], [null], [undefined]])('refuses %j', (input) => {
    expect(parseWholeNumber(input)).toBeNull();
  });
});
