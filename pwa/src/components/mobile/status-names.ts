import { ATTENDANCE_STATUS_NAMES, AttendanceStatus, CLASS_STATUS_NAMES, ClassStatus } from '@rollbook/shared-types/statuses';

// The states the phone cards show (spec §4): the names are the contract's, the colours the phone's.

/** Ionic colours of the status badges: what needs the teacher stands out. */
export const CLASS_STATUS_COLORS: Record<number, string> = {
  [ClassStatus.NoStudents]: 'medium',
  [ClassStatus.Scheduled]: 'primary',
  [ClassStatus.RequiresMarking]: 'danger',
  [ClassStatus.Marked]: 'success',
  [ClassStatus.Archived]: 'medium',
  [ClassStatus.Suspended]: 'warning',
  [ClassStatus.Paid]: 'tertiary',
};

export const ATTENDANCE_STATUS_COLORS: Record<number, string> = {
  [AttendanceStatus.NotEnrolled]: 'medium',
  [AttendanceStatus.Pending]: 'primary',
  [AttendanceStatus.Attended]: 'success',
  [AttendanceStatus.LateCancellation]: 'warning',
  [AttendanceStatus.CancelledInAdvance]: 'medium',
  [AttendanceStatus.Absent]: 'danger',
  [AttendanceStatus.NotStudent]: 'medium',
};

export const classStatusName = (statusId: number): string => CLASS_STATUS_NAMES[statusId] ?? `Status ${statusId}`;
export const attendanceStatusName = (statusId: number | null): string =>
  statusId === null ? 'Not on the register' : (ATTENDANCE_STATUS_NAMES[statusId] ?? `Status ${statusId}`);
