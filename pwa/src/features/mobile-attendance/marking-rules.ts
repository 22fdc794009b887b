import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { AttendanceStatus, ClassStatus, CourseStatus, isLockedClassStatus } from '@rollbook/shared-types/statuses';

// What the teacher's phone pages allow on a class (spec §2.12, §4).

export const ATTENDED = AttendanceStatus.Attended;
export const ABSENT = AttendanceStatus.Absent;
/** Clearing a mark puts the student back to pending. */
export const CLEARED = AttendanceStatus.Pending;

export type Mark = typeof ATTENDED | typeof ABSENT | typeof CLEARED;

const OPENS_ATTENDANCE = new Set<number>([ClassStatus.Scheduled, ClassStatus.RequiresMarking, ClassStatus.Marked]);

/** The status badge opens attendance only for Scheduled, Requires marking and Marked. */
export const canOpenAttendance = (seriesStatusId: number): boolean => OPENS_ATTENDANCE.has(seriesStatusId);

/** The pencil is hidden for Marked and Paid classes. */
export const canReschedule = (seriesStatusId: number): boolean => !isLockedClassStatus(seriesStatusId);

/** Clicking the selected toggle clears it; clicking the other one sets it. */
export const nextMark = (current: number, clicked: typeof ATTENDED | typeof ABSENT): Mark => (current === clicked ? CLEARED : clicked);

/** 'Students' while the class is Scheduled, otherwise 'Mark attendance' (spec §2.5). */
export const registerTitle = (seriesStatusId: number): string => (seriesStatusId === ClassStatus.Scheduled ? 'Students' : 'Mark attendance');

export interface MarkableClass {
  seriesStatusId: number;
  courseStatusId: number;
  startsAt: string;
}

/**
 * Why the register can only be read now, or null when the teacher may mark. The server applies the
 * same rules (and is the judge when the phone's copy is out of date).
 */
export function readOnlyReason(cls: MarkableClass, now: Date = new Date()): string | null {
  if (cls.seriesStatusId === ClassStatus.Paid) return ATTENDANCE_MESSAGES.paid;
  if (cls.seriesStatusId === ClassStatus.Archived || cls.seriesStatusId === ClassStatus.Suspended) return ATTENDANCE_MESSAGES.classNotMarkable;
  if (cls.seriesStatusId === ClassStatus.Scheduled && Date.parse(cls.startsAt) > now.getTime()) return ATTENDANCE_MESSAGES.notStarted;
  return null;
}

/** Spec §2.3: classes of a Draft course can not be marked (shown as a toast when the teacher tries). */
export const draftRefusal = (cls: Pick<MarkableClass, 'courseStatusId'>): string | null =>
  cls.courseStatusId === CourseStatus.Draft ? ATTENDANCE_MESSAGES.draft : null;
