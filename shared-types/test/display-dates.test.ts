import { describe, expect, it } from 'vitest';
import { showDate, showDateTime, showTime } from '../src/display-dates.js';

// Every date shown to people: dd/MM/yyyy and HH:mm, in London time, across the clock changes.

describe('showing dates and times', () => {
  it.each([
    // Clocks go forward at 01:00 GMT on 29 March 2026: 00:59 GMT, then 02:00 BST.
    ['2026-03-29T00:59:00.000Z', '29/03/2026 00:59'],
    ['2026-03-29T01:00:00.000Z', '29/03/2026 02:00'],
    // Clocks go back at 01:00 GMT on 25 October 2026: 01:59 BST, then 01:00 GMT again.
    ['2026-10-25T00:59:00.000Z', '25/10/2026 01:59'],
    ['2026-10-25T01:00:00.000Z', '25/10/2026 01:00'],
    // Late on a summer evening in UTC is already tomorrow in London; in winter it is not.
    ['2026-06-30T23:30:00.000Z', '01/07/2026 00:30'],
    ['2026-12-31T23:30:00.000Z', '31/12/2026 23:30'],
    ['2026-11-26T08:00:00+00:00', '26/11/2026 08:00'],
    ['2026-07-01T09:15:00+02:00', '01/07/2026 08:15'],
  ])('shows the instant %s as %s in London', (iso, shown) => {
    expect(showDateTime(iso)).toBe(shown);
    expect(showDateTime(new Date(iso))).toBe(shown);
    expect(showDateTime(Date.parse(iso))).toBe(shown);
    expect(showDate(iso)).toBe(shown.slice(0, 10));
    expect(showTime(iso)).toBe(shown.slice(11));
  });

  it('shows calendar dates as written, whatever the zone', () => {
    expect(showDate('2026-03-29')).toBe('29/03/2026');
    expect(showDate('2026-10-25')).toBe('25/10/2026');
    expect(showDateTime('2026-10-25')).toBe('25/10/2026');
    expect(showDate('5/1/2027')).toBe('05/01/2027');
    expect(showDate('31/12/2026')).toBe('31/12/2026');
  });

  it('shows London wall-clock times as written (the reschedule call and ISO without an offset)', () => {
    expect(showDateTime('26/11/2026 14:00')).toBe('26/11/2026 14:00');
    expect(showDateTime('5/1/2027 9:05')).toBe('05/01/2027 09:05');
    expect(showDateTime('2026-03-29T01:30')).toBe('29/03/2026 01:30');
    expect(showDateTime('2026-10-25T01:30:00')).toBe('25/10/2026 01:30');
  });

  it('gives back what is not a date unchanged', () => {
    expect(showDate('')).toBe('');
    expect(showDate('soon')).toBe('soon');
    expect(showDateTime(Number.NaN)).toBe('NaN');
  });
});
