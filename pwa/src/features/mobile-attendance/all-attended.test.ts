import { describe, expect, it } from 'vitest';
import { allAttendedStudentIds } from './all-attended';

const now = new Date('2026-11-23T12:00:00Z');
const started = { seriesStatusId: 2, courseStatusId: 2, startsAt: '2026-11-23T09:00:00Z' };
// Pending 1, attended 2, late cancellation 3, cancelled in advance 4, absent 5.
const register = [1, 2, 3, 4, 5, 1].map((statusId, i) => ({ studentId: 10 + i, statusId }));

describe('"All attended" on the phone', () => {
  it('sets only the students still pending; marked lines are untouched', () => {
    expect(allAttendedStudentIds(started, register, now)).toEqual([10, 15]);
  });

  it('offers nothing when every student is already marked', () => {
    expect(allAttendedStudentIds(started, [{ studentId: 1, statusId: 2 }, { studentId: 2, statusId: 5 }], now)).toEqual([]);
  });

  it.each([
    ['a class that has not started', { ...started, seriesStatusId: 1, startsAt: '2026-11-23T13:00:00Z' }],
    ['a paid class', { ...started, seriesStatusId: 6 }],
    ['an archived class', { ...started, seriesStatusId: 4 }],
    ['a suspended class', { ...started, seriesStatusId: 5 }],
    ['a class of a draft course', { ...started, courseStatusId: 1 }],
  ])('offers nothing for %s', (_name, cls) => {
    expect(allAttendedStudentIds(cls, register, now)).toEqual([]);
  });

  it.each([
    ['a scheduled class that has started', { ...started, seriesStatusId: 1 }],
    ['a class requiring marking', started],
    ['a marked class whose students were cleared back to pending', { ...started, seriesStatusId: 3 }],
  ])('offers the pending students of %s', (_name, cls) => {
    expect(allAttendedStudentIds(cls, register, now)).toEqual([10, 15]);
  });
});
