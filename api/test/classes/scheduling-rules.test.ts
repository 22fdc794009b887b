import { describe, expect, it } from 'vitest';
import { londonInstant, periodAround } from '../../src/lib/london-time.js';
import { classDates, firstClassDate, nextClassDate } from '../../src/modules/classes/class-schedule.js';
import { buildCourseTitle } from '../../src/modules/classes/course-title.js';
import { durationMinutes, generateRefusal, lengthChangeRefusal, timeDiscrepancy } from '../../src/modules/courses/course-minutes.js';

const WEEKLY = { intervalDays: 7, weekdaysOnly: false };
const FORTNIGHTLY = { intervalDays: 14, weekdaysOnly: false };
const WEEKDAYS = { intervalDays: 1, weekdaysOnly: true };

describe('schedule stepping', () => {
  it.each([
    ['a Monday start for Mondays stays put', '2027-03-01', 1, WEEKLY, '2027-03-01'],
    ['a Monday start for Wednesdays moves to that Wednesday', '2027-03-01', 3, WEEKLY, '2027-03-03'],
    ['a Thursday start for Mondays moves to the next Monday', '2027-03-04', 1, WEEKLY, '2027-03-08'],
    ['no weekday chosen keeps the start date', '2027-03-04', null, WEEKLY, '2027-03-04'],
    ['a weekday schedule starting on Saturday begins on Monday', '2027-03-06', null, WEEKDAYS, '2027-03-08'],
  ] as const)('%s', (_case, start, dayWeekId, rule, expected) => {
    expect(firstClassDate(start, dayWeekId, rule)).toBe(expected);
  });

  it.each([
    ['weekly', '2027-03-01', WEEKLY, '2027-03-08'],
    ['fortnightly', '2027-03-01', FORTNIGHTLY, '2027-03-15'],
    ['weekdays from Friday to Monday', '2027-03-05', WEEKDAYS, '2027-03-08'],
    ['weekdays from Monday to Tuesday', '2027-03-01', WEEKDAYS, '2027-03-02'],
    ['weekly across the year end', '2026-12-28', WEEKLY, '2027-01-04'],
    ['weekly across a leap day', '2028-02-24', WEEKLY, '2028-03-02'],
  ] as const)('steps %s', (_case, from, rule, expected) => {
    expect(nextClassDate(from, rule)).toBe(expected);
  });

  it('lists the dates of a fortnightly series on Tuesdays', () => {
    expect(classDates('2027-01-01', 4, 2, FORTNIGHTLY).dates).toEqual(['2027-01-05', '2027-01-19', '2027-02-02', '2027-02-16']);
  });

  it('lists weekday classes skipping the weekend', () => {
    expect(classDates('2027-03-04', 4, null, WEEKDAYS).dates).toEqual(['2027-03-04', '2027-03-05', '2027-03-08', '2027-03-09']);
  });

  it('leaves out closure days and runs on, so the series keeps its count', () => {
    const easter = (date: string) => (date === '2027-03-26' ? 'Good Friday' : date === '2027-03-29' ? 'Easter Monday' : null);
    expect(classDates('2027-03-25', 3, null, WEEKDAYS, easter)).toEqual({
      dates: ['2027-03-25', '2027-03-30', '2027-03-31'],
      skipped: [{ date: '2027-03-26', closureName: 'Good Friday' }, { date: '2027-03-29', closureName: 'Easter Monday' }],
    });
  });

  it('stops looking when every slot is closed instead of running forever', () => {
    expect(classDates('2027-03-01', 2, 1, WEEKLY, () => 'Shut').dates).toEqual([]);
  });
});

describe('London wall-clock time', () => {
  it.each([
    ['winter (GMT)', '2027-01-11', '2027-01-11T09:00:00.000Z'],
    ['summer (BST)', '2027-07-12', '2027-07-12T08:00:00.000Z'],
    ['the Monday after the clocks go forward', '2027-03-29', '2027-03-29T08:00:00.000Z'],
    ['the Monday after the clocks go back', '2027-11-01', '2027-11-01T09:00:00.000Z'],
  ])('09:00 in %s is the right instant', (_case, date, iso) => {
    expect(londonInstant(date, '09:00').toISOString()).toBe(iso);
  });
});

describe('periods around today', () => {
  const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
  it.each([
    ['D', 0, '2026-11-25', '2026-11-26', '25/11/2026'],
    ['D', -1, '2026-11-24', '2026-11-25', '24/11/2026'],
    ['W', 0, '2026-11-23', '2026-11-30', '23/11/2026 - 29/11/2026'],
    ['W', 1, '2026-11-30', '2026-12-07', '30/11/2026 - 06/12/2026'],
    ['M', 0, '2026-11-01', '2026-12-01', 'November 2026'],
    ['M', 2, '2027-01-01', '2027-02-01', 'January 2027'],
    ['Y', 0, '2026-01-01', '2027-01-01', '2026'],
  ] as const)('%s with multiplier %d runs from %s to %s', (code, multiplier, fromDate, toDate, label) => {
    expect(periodAround(code, multiplier, now)).toMatchObject({ fromDate, toDate, label });
  });

  it('starts a week on Monday even when today is Sunday', () => {
    expect(periodAround('W', 0, new Date('2026-11-29T20:00:00Z')).fromDate).toBe('2026-11-23');
  });

  it('moves to the next week at London midnight, not at the kept answer', () => {
    // Sunday 29 November 2026, one second before London midnight, then midnight itself.
    expect(periodAround('W', 0, new Date('2026-11-29T23:59:59Z')).fromDate).toBe('2026-11-23');
    expect(periodAround('W', 0, new Date('2026-11-30T00:00:00Z')).fromDate).toBe('2026-11-30');
    // And back: an earlier clock (another request's `now`) is not answered from the later day.
    expect(periodAround('W', 0, new Date('2026-11-29T12:00:00Z')).fromDate).toBe('2026-11-23');
  });

  it('hands out its own instants: a caller changing one does not change the next answer', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    periodAround('M', 0, now).from.setTime(0);
    expect(periodAround('M', 0, now).from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('starts the period at London midnight in summer', () => {
    expect(periodAround('D', 0, new Date('2027-07-12T12:00:00Z')).from.toISOString()).toBe('2027-07-11T23:00:00.000Z');
  });
});

describe('course title', () => {
  const base = { companyCode: 'ACME', typeId: 1, attendee: 'Maria Lopez', subject: 'English', level: 'B2', startDate: '2027-03-09', totalMinutes: 600 };
  it.each([
    ['a group course uses subject and level', base, 'ACME English B2 090327 600m'],
    ['an individual course uses the attendee', { ...base, typeId: 2 }, 'ACME Maria Lopez 090327 600m'],
    ['an individual course without an attendee falls back to subject and level', { ...base, typeId: 2, attendee: null }, 'ACME English B2 090327 600m'],
    ['a private course starts with Private', { ...base, companyCode: null }, 'Private English B2 090327 600m'],
  ])('%s', (_case, parts, expected) => {
    expect(buildCourseTitle(parts)).toBe(expected);
  });
});

describe('course minutes', () => {
  const course = { duration: 10, classLengthTemplate: 60, totalClassLength: 480 };
  it('multiplies the class length by the number of classes', () => {
    expect(durationMinutes(course)).toBe(600);
  });

  it.each([
    [480, 120], [600, 0], [660, -60],
  ])('with %d minutes generated the discrepancy is %d', (generated, expected) => {
    expect(timeDiscrepancy({ ...course, totalClassLength: generated })).toBe(expected);
  });

  it.each([
    ['fits exactly', 480, 2, 60, null],
    ['one class too many', 480, 3, 60, "Sorry, you don't have enough time left to generate this class or classes!"],
    ['longer classes than left', 480, 1, 121, "Sorry, you don't have enough time left to generate this class or classes!"],
    ['nothing left', 600, 1, 60, 'No minutes remaining'],
    ['already over', 660, 1, 10, 'No minutes remaining'],
  ] as const)('generation that %s', (_case, generated, count, length, expected) => {
    expect(generateRefusal({ ...course, totalClassLength: generated }, count, length)).toBe(expected);
  });

  it.each([
    ['a shorter class is always fine', 600, -15, null],
    ['a longer class within the minutes is fine', 540, 60, null],
    ['a longer class beyond the minutes is refused', 540, 61, 'Not enough minutes remaining'],
  ] as const)('%s', (_case, generated, extra, expected) => {
    expect(lengthChangeRefusal({ ...course, totalClassLength: generated }, extra)).toBe(expected);
  });
});
