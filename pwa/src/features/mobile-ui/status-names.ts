// Names of the states the phone cards show (spec §4).

/** Class series status: 0 No Students, 1 Scheduled, 2 Requires marking, 3 Marked, 4 Archived, 5 Suspended, 6 Paid. */
export const CLASS_STATUS_NAMES: Record<number, string> = {
  0: 'No Students',
  1: 'Scheduled',
  2: 'Requires marking',
  3: 'Marked',
  4: 'Archived',
  5: 'Suspended',
  6: 'Paid',
};

/** Ionic colours of the status badges: what needs the teacher stands out. */
export const CLASS_STATUS_COLORS: Record<number, string> = {
  0: 'medium',
  1: 'primary',
  2: 'danger',
  3: 'success',
  4: 'medium',
  5: 'warning',
  6: 'tertiary',
};

/** A student's attendance on a class: 0 not enrolled, 1 pending, 2 attended, 3 late cancellation, 4 cancelled in advance, 5 absent, 6 not student. */
export const ATTENDANCE_STATUS_NAMES: Record<number, string> = {
  0: 'Not enrolled',
  1: 'Pending',
  2: 'Attended',
  3: 'Late cancellation',
  4: 'Cancelled in advance',
  5: 'Absent',
  6: 'Not student',
};

export const ATTENDANCE_STATUS_COLORS: Record<number, string> = {
  0: 'medium',
  1: 'primary',
  2: 'success',
  3: 'warning',
  4: 'medium',
  5: 'danger',
  6: 'medium',
};

export const classStatusName = (statusId: number): string => CLASS_STATUS_NAMES[statusId] ?? `Status ${statusId}`;
export const attendanceStatusName = (statusId: number | null): string =>
  statusId === null ? 'Not on the register' : (ATTENDANCE_STATUS_NAMES[statusId] ?? `Status ${statusId}`);
