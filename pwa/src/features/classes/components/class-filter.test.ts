import { describe, expect, it } from 'vitest';
import { classListHeading, classListQuery, filterFromSearch, withDate, withPeriod } from './class-filter';

describe('classes list filter', () => {
  it('opens on this week without query parameters', () => {
    expect(filterFromSearch('')).toMatchObject({ period: 'thisWeek', statusId: -1, teacherId: 0 });
  });

  it('reads teacherId and statusId from the dashboard links over the whole history', () => {
    expect(filterFromSearch('?teacherId=7&statusId=2')).toMatchObject({ period: 'all', statusId: 2, teacherId: 7 });
    expect(filterFromSearch('?statusId=2')).toMatchObject({ period: 'all', statusId: 2, teacherId: 0 });
  });

  it('ignores statuses the list does not offer and ids that are not positive', () => {
    expect(filterFromSearch('?statusId=9&teacherId=-3')).toMatchObject({ statusId: -1, teacherId: 0, period: 'thisWeek' });
  });

  it.each([
    ['all', {}],
    ['today', { timePeriod: 'D' }],
    ['thisWeek', { timePeriod: 'W' }],
    ['nextWeek', { timePeriod: 'W', dateMultiplier: 1 }],
    ['thisMonth', { timePeriod: 'M' }],
    ['thisYear', { timePeriod: 'Y' }],
  ] as const)('asks for period %s as %o', (period, expected) => {
    const query = classListQuery({ ...filterFromSearch(''), period });
    expect({ timePeriod: query.timePeriod, dateMultiplier: query.dateMultiplier }).toEqual({ timePeriod: undefined, dateMultiplier: undefined, ...expected });
  });

  it('sends a custom range only with real dates', () => {
    const base = withDate(filterFromSearch(''), 'startDate', '1/2/2027');
    expect(base.period).toBe('custom');
    expect(classListQuery(withDate(base, 'endDate', '31/2/2027'))).toMatchObject({ startDate: '1/2/2027', endDate: undefined });
    expect(classListQuery(base)).not.toHaveProperty('timePeriod');
    expect(withPeriod(base, 'today')).toMatchObject({ startDate: '', endDate: '', period: 'today' });
  });

  it('sends the chosen filters and leaves out the "all" choices', () => {
    const filter = { ...filterFromSearch(''), title: ' ACME ', subjectId: 2, levelId: 0, teacherId: 4, statusId: 3, period: 'all' as const };
    expect(classListQuery(filter)).toEqual({
      title: 'ACME', subjectId: 2, levelId: undefined, teacherId: 4, statusId: 3, startDate: undefined, endDate: undefined,
    });
  });

  it('heads the list by status', () => {
    expect(classListHeading(2, 12, 30)).toBe('Unmarked classes');
    expect(classListHeading(-1, 12, 30)).toBe('Classes - 12 found (30 students)');
    expect(classListHeading(3, 0, 0)).toBe('Classes - 0 found (0 students)');
  });
});
