import { describe, expect, it } from 'vitest';
import { easterSunday, englandAndWalesBankHolidays } from '../../src/modules/closures/bank-holidays.js';

// The rule against gov.uk's published England and Wales lists.
const GOV_UK: Record<number, [string, string][]> = {
  2025: [
    ['2025-01-01', "New Year's Day"], ['2025-04-18', 'Good Friday'], ['2025-04-21', 'Easter Monday'], ['2025-05-05', 'Early May bank holiday'],
    ['2025-05-26', 'Spring bank holiday'], ['2025-08-25', 'Summer bank holiday'], ['2025-12-25', 'Christmas Day'], ['2025-12-26', 'Boxing Day'],
  ],
  2026: [
    ['2026-01-01', "New Year's Day"], ['2026-04-03', 'Good Friday'], ['2026-04-06', 'Easter Monday'], ['2026-05-04', 'Early May bank holiday'],
    ['2026-05-25', 'Spring bank holiday'], ['2026-08-31', 'Summer bank holiday'], ['2026-12-25', 'Christmas Day'], ['2026-12-28', 'Boxing Day (substitute day)'],
  ],
  2027: [
    ['2027-01-01', "New Year's Day"], ['2027-03-26', 'Good Friday'], ['2027-03-29', 'Easter Monday'], ['2027-05-03', 'Early May bank holiday'],
    ['2027-05-31', 'Spring bank holiday'], ['2027-08-30', 'Summer bank holiday'], ['2027-12-27', 'Christmas Day (substitute day)'], ['2027-12-28', 'Boxing Day (substitute day)'],
  ],
};

describe('England and Wales bank holidays', () => {
  it.each(Object.keys(GOV_UK).map(Number))('match gov.uk for %i', (year) => {
    expect(englandAndWalesBankHolidays(year).map((h) => [h.date, h.name])).toEqual(GOV_UK[year]);
  });

  it('moves a Saturday New Year to Monday and a Sunday Christmas to the Tuesday after Boxing Day (2022)', () => {
    const dates = englandAndWalesBankHolidays(2022).map((h) => `${h.date} ${h.name}`);
    expect(dates).toContain("2022-01-03 New Year's Day (substitute day)");
    expect(dates.slice(-2)).toEqual(['2022-12-26 Boxing Day', '2022-12-27 Christmas Day (substitute day)']);
  });

  it('moves a Sunday New Year to Monday (2023)', () => {
    expect(englandAndWalesBankHolidays(2023)[0]).toEqual({ date: '2023-01-02', name: "New Year's Day (substitute day)" });
  });

  it.each([[2019, '2019-04-21'], [2024, '2024-03-31'], [2038, '2038-04-25'], [2285, '2285-03-22'], [2008, '2008-03-23']])('finds Easter Sunday %i on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});
