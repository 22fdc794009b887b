import type { AttendanceRecord, RegisterLine } from '@rollbook/shared-types/attendance';
import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';

export type AttendanceMode = 'M' | 'R';
/** The two marks a user gives. */
export type Mark = typeof AttendanceStatus.Attended | typeof AttendanceStatus.Absent;

/** Clicking the selected mark clears it: the student is pending again (spec §2.5, course form reading of §4). */
export const toggleMark = (current: number, clicked: Mark): number => (current === clicked ? AttendanceStatus.Pending : clicked);

/** 'Reschedule class' in mode R, 'Students' for a class still Scheduled, else 'Mark attendance'. */
export function attendanceTitle(mode: AttendanceMode, seriesStatusId: number): string {
  if (mode === 'R') return 'Reschedule class';
  return seriesStatusId === ClassStatus.Scheduled ? 'Students' : 'Mark attendance';
}

/**
 * Read-only registers: Scheduled (1) and Paid (6) per the spec; Archived (4) and Suspended (5)
 * too, because the API refuses marks on them and an enabled button would only fail.
 */
export const isRegisterReadOnly = (seriesStatusId: number): boolean =>
  seriesStatusId === ClassStatus.Scheduled || seriesStatusId === ClassStatus.Paid ||
  seriesStatusId === ClassStatus.Archived || seriesStatusId === ClassStatus.Suspended;

/** Paid classes show no footer buttons at all. */
export const hasFooterButtons = (seriesStatusId: number): boolean => seriesStatusId !== ClassStatus.Paid;

/** Lines whose status is not one a user marks from (not enrolled, not a student). */
export const isMarkable = (line: Pick<RegisterLine, 'statusId'>): boolean =>
  line.statusId !== AttendanceStatus.NotEnrolled && line.statusId !== AttendanceStatus.NotStudent;

/** The status shown for a line: the user's unsaved choice, else the saved one. */
export const shownStatus = (line: Pick<RegisterLine, 'studentId' | 'statusId'>, marks: Record<number, number>): number =>
  marks[line.studentId] ?? line.statusId;

/** Only what changed is sent, each with the version it was changed from. */
export function changedRecords(classId: number, lines: RegisterLine[], marks: Record<number, number>): AttendanceRecord[] {
  return lines
    .filter((line) => marks[line.studentId] !== undefined && marks[line.studentId] !== line.statusId)
    .map((line) => ({ classId, studentId: line.studentId, statusId: marks[line.studentId] as number, baseVersion: line.version }));
}

/**
 * "All attended": every line still pending, as shown, becomes attended in the unsaved
 * marks; lines already marked (or changed by the user) are left. The user flips the absent ones
 * and saves as usual.
 */
export function allAttendedMarks(lines: RegisterLine[], marks: Record<number, number>): Record<number, number> {
  const next = { ...marks };
  for (const line of lines) if (shownStatus(line, marks) === AttendanceStatus.Pending) next[line.studentId] = AttendanceStatus.Attended;
  return next;
}

/** Whether "All attended" would change anything. */
export const hasPendingLines = (lines: RegisterLine[], marks: Record<number, number>): boolean =>
  lines.some((line) => shownStatus(line, marks) === AttendanceStatus.Pending);
