// The states of spec §4, named once. The api (its rules and its SQL) and the pwa (its screens and
// its offline copy) use these names, never the bare numbers.

/** Course status: 1 Draft, 2 Active, 3 Completed, 4 Archived, 5 Suspended. */
export const CourseStatus = { Draft: 1, Active: 2, Completed: 3, Archived: 4, Suspended: 5 } as const;
export const COURSE_STATUS_NAMES: Record<number, string> = { 1: 'Draft', 2: 'Active', 3: 'Completed', 4: 'Archived', 5: 'Suspended' };

/** A student's status on a course: 1 Enrolled, 2 Enquired, 3 Waiting; 0 None (cleared). */
export const EnrolmentStatus = { None: 0, Enrolled: 1, Enquired: 2, Waiting: 3 } as const;
export const ENROLMENT_STATUS_NAMES: Record<number, string> = { 0: 'None', 1: 'Enrolled', 2: 'Enquired', 3: 'Waiting' };

/**
 * The "series status" of a class: 0 No Students, 1 Scheduled, 2 Requires marking, 3 Marked,
 * 4 Archived, 5 Suspended, 6 Paid. The API derives Scheduled or Requires marking from the clock
 * (class-status-rules.ts); the others are stored as people and settlement decided.
 */
export const ClassStatus = { NoStudents: 0, Scheduled: 1, RequiresMarking: 2, Marked: 3, Archived: 4, Suspended: 5, Paid: 6 } as const;
export const CLASS_STATUS_NAMES: Record<number, string> = {
  0: 'No Students', 1: 'Scheduled', 2: 'Requires marking', 3: 'Marked', 4: 'Archived', 5: 'Suspended', 6: 'Paid',
};

/**
 * A student's line in a class register: 0 not enrolled (not on the register), 1 pending,
 * 2 attended, 3 late cancellation, 4 cancelled in advance, 5 absent, 6 not student.
 * Teachers set only Attended or Absent, or clear back to Pending.
 */
export const AttendanceStatus = {
  NotEnrolled: 0, Pending: 1, Attended: 2, LateCancellation: 3, CancelledInAdvance: 4, Absent: 5, NotStudent: 6,
} as const;
export const ATTENDANCE_STATUS_NAMES: Record<number, string> = {
  0: 'Not enrolled', 1: 'Pending', 2: 'Attended', 3: 'Late cancellation', 4: 'Cancelled in advance', 5: 'Absent', 6: 'Not student',
};

/** Marked or Paid: such classes count as marked and are no longer edited, moved or rescheduled. */
export const LOCKED_CLASS_STATUSES = [ClassStatus.Marked, ClassStatus.Paid] as const;
export const isLockedClassStatus = (statusId: number): boolean => (LOCKED_CLASS_STATUSES as readonly number[]).includes(statusId);

/** Archived or Suspended: such classes are not taught (they are left out of the school's counts). */
export const NOT_TAUGHT_CLASS_STATUSES = [ClassStatus.Archived, ClassStatus.Suspended] as const;
