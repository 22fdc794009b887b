import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { describe, expect, it } from 'vitest';
import { canOpenAttendance, canReschedule, draftRefusal, nextMark, readOnlyReason, registerTitle } from './marking-rules';

describe('what the teacher may do with a class on the phone', () => {
  it.each([
    [0, false, true],
    [1, true, true],
    [2, true, true],
    [3, true, false],
    [4, false, true],
    [5, false, true],
    [6, false, false],
  ])('series status %i: badge opens attendance %s, pencil shown %s', (statusId, opens, pencil) => {
    expect(canOpenAttendance(statusId)).toBe(opens);
    expect(canReschedule(statusId)).toBe(pencil);
  });

  it.each([
    [1, 2, 2],
    [1, 5, 5],
    [2, 5, 5],
    [5, 2, 2],
    [2, 2, 1],
    [5, 5, 1],
  ] as const)('a student at %i clicked on %i becomes %i (clicking the selected toggle clears it)', (current, clicked, expected) => {
    expect(nextMark(current, clicked)).toBe(expected);
  });

  it('titles the register "Students" while Scheduled and "Mark attendance" after', () => {
    expect(registerTitle(1)).toBe('Students');
    expect(registerTitle(2)).toBe('Mark attendance');
    expect(registerTitle(3)).toBe('Mark attendance');
  });

  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    [{ seriesStatusId: 1, startsAt: '2026-11-23T13:00:00Z' }, ATTENDANCE_MESSAGES.notStarted],
    [{ seriesStatusId: 1, startsAt: '2026-11-23T11:30:00Z' }, null],
    [{ seriesStatusId: 2, startsAt: '2026-11-20T09:00:00Z' }, null],
    [{ seriesStatusId: 3, startsAt: '2026-11-20T09:00:00Z' }, null],
    [{ seriesStatusId: 6, startsAt: '2026-11-20T09:00:00Z' }, ATTENDANCE_MESSAGES.paid],
    [{ seriesStatusId: 5, startsAt: '2026-11-20T09:00:00Z' }, ATTENDANCE_MESSAGES.classNotMarkable],
  ])('the register of %o is read-only because: %s', (cls, reason) => {
    expect(readOnlyReason({ courseStatusId: 2, ...cls }, now)).toBe(reason);
  });

  it('refuses marking a class of a Draft course with the spec message', () => {
    expect(draftRefusal({ courseStatusId: 1 })).toBe('You can not mark classes for a draft course');
    expect(draftRefusal({ courseStatusId: 2 })).toBeNull();
  });
});
