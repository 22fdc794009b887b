import { describe, expect, it } from 'vitest';
import { HOURS, initialValues, MINUTES, toClassDate, validateReschedule } from './reschedule-form';

describe('the phone reschedule form', () => {
  it('offers hours 00-23 and minutes in steps of 5', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS[23]).toBe(23);
    expect(MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('starts from the class\'s London date and time (summer time) and length', () => {
    expect(initialValues({ startsAt: '2026-07-06T08:30:00Z', classLength: 90 })).toEqual({ date: '2026-07-06', hour: 9, minute: 30, classLength: '90' });
  });

  it('rounds an odd minute down to a 5-minute step', () => {
    expect(initialValues({ startsAt: '2026-11-23T10:07:00Z', classLength: 60 }).minute).toBe(5);
  });

  it('sends the date as day/month/year with the time', () => {
    expect(toClassDate({ date: '2026-12-03', hour: 9, minute: 5, classLength: '60' })).toBe('3/12/2026 09:05');
  });

  it.each([
    [{ date: '', hour: 9, minute: 0, classLength: '60' }, { date: 'Please enter the class date' }],
    [{ date: '2026-12-03', hour: 9, minute: 0, classLength: '' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '2026-12-03', hour: 9, minute: 0, classLength: '0' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '2026-12-03', hour: 9, minute: 0, classLength: '12.5' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '2026-12-03', hour: 9, minute: 0, classLength: '1441' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '2026-12-03', hour: 9, minute: 0, classLength: '45' }, {}],
  ])('checks %o before queuing: %o', (values, errors) => {
    expect(validateReschedule(values)).toEqual(errors);
  });
});
