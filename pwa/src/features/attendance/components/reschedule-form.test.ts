import { describe, expect, it } from 'vitest';
import { initialReschedule, validateReschedule } from './reschedule-form';

describe('reschedule form', () => {
  it('starts from the class date, its time on the five-minute grid and its length', () => {
    expect(initialReschedule({ classDateString: '03/02/2027', time: '09:07', classLength: 45 })).toEqual({
      classDate: '03/02/2027', time: '09:05', classLength: '45',
    });
  });

  it('accepts a real d/m/yyyy date, a five-minute time and a whole length', () => {
    expect(validateReschedule({ classDate: '29/2/2028', time: '23:55', classLength: '90' })).toEqual({
      value: { classDate: '29/2/2028', time: '23:55', classLength: 90 },
    });
  });

  it.each([
    [{ classDate: '29/2/2027', time: '10:00', classLength: '60' }, ['classDate']],
    [{ classDate: '31/4/2027', time: '10:00', classLength: '60' }, ['classDate']],
    [{ classDate: '1/1/2027', time: '10:03', classLength: '60' }, ['time']],
    [{ classDate: '1/1/2027', time: '', classLength: '60' }, ['time']],
    [{ classDate: '1/1/2027', time: '10:00', classLength: '0' }, ['classLength']],
    [{ classDate: '1/1/2027', time: '10:00', classLength: '1.5' }, ['classLength']],
    [{ classDate: '', time: '', classLength: '' }, ['classDate', 'time', 'classLength']],
  ])('refuses %o on %o', (values, fields) => {
    expect(Object.keys(validateReschedule(values).errors ?? {})).toEqual(fields);
  });
});
