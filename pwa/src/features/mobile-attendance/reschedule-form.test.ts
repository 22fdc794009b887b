import { describe, expect, it } from 'vitest';
import { fromIsoDate, HOURS, initialValues, MINUTES, toClassDate, toIsoDate, validateReschedule } from './reschedule-form';

describe('the phone reschedule form', () => {
  it('offers hours 00-23 and minutes in steps of 5', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS[23]).toBe(23);
    expect(MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('starts from the class\'s London date and time (summer time) and length', () => {
    expect(initialValues({ startsAt: '2026-07-06T08:30:00Z', classLength: 90 })).toEqual({ date: '06/07/2026', hour: 9, minute: 30, classLength: '90' });
  });

  it('rounds an odd minute down to a 5-minute step', () => {
    expect(initialValues({ startsAt: '2026-11-23T10:07:00Z', classLength: 60 }).minute).toBe(5);
  });

  it('sends the date as day/month/year with the time', () => {
    expect(toClassDate({ date: '03/12/2026', hour: 9, minute: 5, classLength: '60' })).toBe('3/12/2026 09:05');
    expect(toClassDate({ date: '3/12/2026', hour: 18, minute: 55, classLength: '60' })).toBe('3/12/2026 18:55');
  });

  it('shows the picked calendar day as dd/MM/yyyy and opens the calendar on the typed one', () => {
    expect(fromIsoDate('2026-12-03T00:00:00')).toBe('03/12/2026');
    expect(toIsoDate('3/12/2026')).toBe('2026-12-03');
    expect(toIsoDate('31/02/2026')).toBeUndefined();
  });

  it.each([
    [{ date: '', hour: 9, minute: 0, classLength: '60' }, { date: 'Please enter a valid date as d/m/yyyy' }],
    [{ date: '29/02/2027', hour: 9, minute: 0, classLength: '60' }, { date: 'Please enter a valid date as d/m/yyyy' }],
    [{ date: '03/12/2026', hour: 9, minute: 0, classLength: '' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '03/12/2026', hour: 9, minute: 0, classLength: '0' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '03/12/2026', hour: 9, minute: 0, classLength: '12.5' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '03/12/2026', hour: 9, minute: 0, classLength: '1441' }, { classLength: 'Please enter the class length in minutes' }],
    [{ date: '03/12/2026', hour: 9, minute: 0, classLength: '45' }, {}],
  ])('checks %o before queuing: %o', (values, errors) => {
    expect(validateReschedule(values)).toEqual(errors);
  });
});
