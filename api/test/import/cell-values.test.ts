import { describe, expect, it } from 'vitest';
import { readDate, readGender, readList, readPounds, readWholePounds, readYesNo } from '../../src/modules/import/cell-values.js';

describe('readDate (the date forms spreadsheets save)', () => {
  it.each([
    ['31/01/1990', '1990-01-31'],
    ['1/2/1990', '1990-02-01'],
    ['03/04/2001', '2001-04-03'], // day first: 3 April, never 4 March
    ['31-01-1990', '1990-01-31'],
    ['31.01.1990', '1990-01-31'],
    ['29/02/2024', '2024-02-29'],
    ['1990-01-31', '1990-01-31'],
    ['1990-1-5', '1990-01-05'],
    ['31/01/1990 00:00', '1990-01-31'],
    ['1990-01-31 00:00:00', '1990-01-31'],
    ['1990-01-31T00:00:00', '1990-01-31'],
    ['31-Jan-1990', '1990-01-31'],
    ['31 January 1990', '1990-01-31'],
    ['5 sept 2027', '2027-09-05'],
    ['32904', '1990-01-31'], // an Excel date number
    ['46027', '2026-01-05'],
    ['46027.5', '2026-01-05'],
    [' 31/01/1990 ', '1990-01-31'],
  ])('reads %s as %s', (text, iso) => {
    expect(readDate(text)).toBe(iso);
  });

  it.each([
    ['31/02/1990'], ['29/02/2023'], ['00/01/1990'], ['31/13/1990'], ['31/01/90'], ['1990'], ['2027'], ['9999'],
    ['31-Foo-1990'], ['1990/01/31'], ['tomorrow'], [''], ['12345678'], ['1990-02-30'],
  ])('refuses %s', (text) => {
    expect(readDate(text)).toBeNull();
  });
});

describe('the other cells', () => {
  it.each([
    ['Yes', true], ['y', true], ['TRUE', true], ['1', true], ['No', false], ['n', false], ['false', false], ['0', false], ['maybe', null], ['', null],
  ])('readYesNo(%s) is %s', (text, value) => {
    expect(readYesNo(text)).toBe(value);
  });

  it.each([['Male', 1], ['m', 1], ['Female', 2], ['F', 2], ['Other', 3], ['o', 3], ['x', null]])('readGender(%s) is %s', (text, value) => {
    expect(readGender(text)).toBe(value);
  });

  it.each([
    ['25', 25], ['25.50', 25.5], ['£25.50', 25.5], ['£ 30', 30], ['1,250.00', 1250], ['25,50', 25.5], ['1,250', 1250], ['abc', null], ['-5', null], ['', null],
  ])('readPounds(%s) is %s', (text, value) => {
    expect(readPounds(text)).toBe(value);
  });

  it('reads whole pounds only when there are no pence', () => {
    expect(readWholePounds('1200')).toBe(1200);
    expect(readWholePounds('£1,200.00')).toBe(1200);
    expect(readWholePounds('1200.50')).toBeNull();
  });

  it('splits a list cell on commas, semicolons and line breaks', () => {
    expect(readList('a@x.test, b@x.test;c@x.test\nd@x.test,,')).toEqual(['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']);
  });
});
