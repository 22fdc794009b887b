import { describe, expect, it } from 'vitest';
import { HOUR_OPTIONS, MINUTE_OPTIONS, toFiveMinuteTime } from './time-select';

describe('time pickers', () => {
  it('offers hours 00-23 and minutes in steps of 5', () => {
    expect(HOUR_OPTIONS.map((o) => o.label)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(MINUTE_OPTIONS.map((o) => o.value)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('puts a time on the five-minute grid, rounding down', () => {
    expect(toFiveMinuteTime('09:07')).toEqual({ hour: 9, minute: 5 });
    expect(toFiveMinuteTime('23:59')).toEqual({ hour: 23, minute: 55 });
    expect(toFiveMinuteTime('24:00')).toBeNull();
    expect(toFiveMinuteTime('')).toBeNull();
  });
});
