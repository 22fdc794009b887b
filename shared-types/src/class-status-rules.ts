import { AttendanceStatus, ClassStatus } from './statuses.js';

// How a class's series status follows the clock and its register (spec §4), written once. The
// phone runs these functions on its offline copy; the API runs them as SQL built from the same
// lists (api classes/class-status.ts and the attendance repository), and a test runs every case
// of the rule through both and requires the same answer.

const ALL_CLASS_STATUSES: readonly number[] = Object.values(ClassStatus).sort((a, b) => a - b);

/**
 * Scheduled and Requires marking are one stored state: the clock tells them apart (Requires
 * marking once the class has ended). Every other status is shown as stored.
 */
export const OPEN_CLASS_STATUSES: readonly number[] = [ClassStatus.Scheduled, ClassStatus.RequiresMarking];
export const SHOWN_AS_STORED_CLASS_STATUSES: readonly number[] = ALL_CLASS_STATUSES.filter((s) => !OPEN_CLASS_STATUSES.includes(s));

/** What marking never changes: No Students, Archived and Suspended (set by people) and Paid (set by settlement). */
export const KEPT_BY_MARKING_CLASS_STATUSES: readonly number[] = [ClassStatus.NoStudents, ClassStatus.Archived, ClassStatus.Suspended, ClassStatus.Paid];
/** What marking recomputes: the open statuses and Marked. */
export const RECOMPUTED_BY_MARKING_CLASS_STATUSES: readonly number[] = ALL_CLASS_STATUSES.filter((s) => !KEPT_BY_MARKING_CLASS_STATUSES.includes(s));

/** The status shown for a class stored with `stored`, by whether it has ended. */
export function shownClassStatus(stored: number, ended: boolean): number {
  if (!OPEN_CLASS_STATUSES.includes(stored)) return stored;
  return ended ? ClassStatus.RequiresMarking : ClassStatus.Scheduled;
}

/**
 * Nobody on the register is left pending, and somebody is on it. Lines at Not enrolled are not on
 * the register (it never shows them), so they neither count nor hold a class back.
 */
export function everyoneMarked(lineStatuses: readonly number[]): boolean {
  const onRegister = lineStatuses.filter((s) => s !== AttendanceStatus.NotEnrolled);
  return onRegister.length > 0 && !onRegister.includes(AttendanceStatus.Pending);
}

/** The status stored after the register changed: Marked when everyone is marked, else open (stored as Scheduled). */
export function storedStatusAfterMarking(stored: number, lineStatuses: readonly number[]): number {
  if (KEPT_BY_MARKING_CLASS_STATUSES.includes(stored)) return stored;
  return everyoneMarked(lineStatuses) ? ClassStatus.Marked : ClassStatus.Scheduled;
}

/**
 * Spec §4, after saving attendance: the class becomes Marked if nobody on its register is left
 * pending, otherwise Requires marking, or Scheduled while it has not ended. A class with nobody on
 * its register is not marked. No Students, Archived, Suspended and Paid classes keep their status.
 * `status` may be the stored or the shown one (the phone knows only the shown): both give the same.
 */
export function classStatusAfterMarking(status: number, lineStatuses: readonly number[], ended: boolean): number {
  return shownClassStatus(storedStatusAfterMarking(status, lineStatuses), ended);
}
