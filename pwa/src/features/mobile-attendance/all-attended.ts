import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import { draftRefusal, readOnlyReason, type MarkableClass } from './marking-rules';

// "Register in one tap". In its own file, read only by the register, so it stays out of
// the teacher's first-visit scripts (marking-rules also serves the week's cards).

/**
 * The students "All attended" sets to attended: those still pending. Lines already marked
 * (attended, absent, a cancellation) are left as they are. None when the rules forbid marking the
 * class now (not started, paid, archived or suspended, a draft course): then no action is shown.
 */
export function allAttendedStudentIds(cls: MarkableClass, lines: { studentId: number; statusId: number }[], now: Date = new Date()): number[] {
  if (readOnlyReason(cls, now) !== null || draftRefusal(cls) !== null) return [];
  return lines.filter((line) => line.statusId === AttendanceStatus.Pending).map((line) => line.studentId);
}
