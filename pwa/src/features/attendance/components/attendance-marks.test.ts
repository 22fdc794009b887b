import type { RegisterLine } from '@rollbook/shared-types/attendance';
import { describe, expect, it } from 'vitest';
import { allAttendedMarks, attendanceTitle, changedRecords, hasPendingLines, hasFooterButtons, isMarkable, isRegisterReadOnly, shownStatus, toggleMark } from './attendance-marks';

const line = (studentId: number, statusId: number, version = 1): RegisterLine => ({
  studentId, firstName: `S${studentId}`, lastName: 'X', company: null, statusId, isOverride: false, enrolmentStatusId: 1, version,
});

describe('attendance marks', () => {
  it.each([
    [1, 2, 2], [1, 5, 5], [2, 5, 5], [5, 2, 2], [2, 2, 1], [5, 5, 1], [3, 2, 2], [4, 5, 5],
  ] as const)('a line at %i clicked on %i becomes %i', (current, clicked, expected) => {
    expect(toggleMark(current, clicked)).toBe(expected);
  });

  it.each([
    ['M', 1, 'Students'], ['M', 2, 'Mark attendance'], ['M', 3, 'Mark attendance'], ['M', 6, 'Mark attendance'],
    ['R', 1, 'Reschedule class'], ['R', 2, 'Reschedule class'],
  ] as const)('titles mode %s at series status %i %s', (mode, status, title) => {
    expect(attendanceTitle(mode, status)).toBe(title);
  });

  it('keeps Scheduled and Paid registers read-only and shows no footer buttons only when Paid', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(isRegisterReadOnly)).toEqual([1, 4, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => !hasFooterButtons(s))).toEqual([6]);
  });

  it('offers the toggles except to lines not enrolled or not students', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter((statusId) => isMarkable({ statusId }))).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows an unsaved choice over the saved status', () => {
    expect(shownStatus(line(7, 1), { 7: 2 })).toBe(2);
    expect(shownStatus(line(8, 5), { 7: 2 })).toBe(5);
  });

  it('sends only changed lines with the version they were changed from', () => {
    const lines = [line(1, 1, 3), line(2, 2, 4), line(3, 5, 1)];
    expect(changedRecords(40, lines, { 1: 2, 2: 2, 3: 1 })).toEqual([
      { classId: 40, studentId: 1, statusId: 2, baseVersion: 3 },
      { classId: 40, studentId: 3, statusId: 1, baseVersion: 1 },
    ]);
    expect(changedRecords(40, lines, {})).toEqual([]);
  });

  it('"All attended" marks only the lines still pending, leaving marked and already changed lines', () => {
    // Pending, attended, late cancellation, absent, pending changed by the user to absent.
    const lines = [line(1, 1), line(2, 2), line(3, 3), line(4, 5), line(5, 1)];
    const marks = allAttendedMarks(lines, { 5: 5 });
    expect(marks).toEqual({ 1: 2, 5: 5 });
    expect(changedRecords(40, lines, marks)).toEqual([
      { classId: 40, studentId: 1, statusId: 2, baseVersion: 1 },
      { classId: 40, studentId: 5, statusId: 5, baseVersion: 1 },
    ]);
    expect(hasPendingLines(lines, marks)).toBe(false);
    expect(hasPendingLines(lines, {})).toBe(true);
  });
});
