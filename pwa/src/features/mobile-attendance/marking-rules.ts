import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';

// What the teacher's phone pages allow on a class (spec §2.12, §4).

export const ATTENDED = 2;
export const ABSENT = 5;
/** Clearing a mark puts the student back to pending. */
export const CLEARED = 1;

export type Mark = typeof ATTENDED | typeof ABSENT | typeof CLEARED;

const DRAFT_COURSE = 1;
const OPENS_ATTENDANCE = new Set([1, 2, 3]);

/** The status badge opens attendance only for Scheduled, Requires marking and Marked. */
export const canOpenAttendance = (seriesStatusId: number): boolean => OPENS_ATTENDANCE.has(seriesStatusId);

/** The pencil is hidden for Marked and Paid classes. */
export const canReschedule = (seriesStatusId: number): boolean => seriesStatusId !== 3 && seriesStatusId !== 6;

/** Clicking the selected toggle clears it; clicking the other one sets it. */
export const nextMark = (current: number, clicked: typeof ATTENDED | typeof ABSENT): Mark => (current === clicked ? CLEARED : clicked);

/** 'Students' while the class is Scheduled, otherwise 'Mark attendance' (spec §2.5). */
export const registerTitle = (seriesStatusId: number): string => (seriesStatusId === 1 ? 'Students' : 'Mark attendance');

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
  if (cls.seriesStatusId === 6) return ATTENDANCE_MESSAGES.paid;
  if (cls.seriesStatusId === 4 || cls.seriesStatusId === 5) return ATTENDANCE_MESSAGES.classNotMarkable;
  if (cls.seriesStatusId === 1 && Date.parse(cls.startsAt) > now.getTime()) return ATTENDANCE_MESSAGES.notStarted;
  return null;
}

/** Spec §2.3: classes of a Draft course can not be marked (shown as a toast when the teacher tries). */
export const draftRefusal = (cls: Pick<MarkableClass, 'courseStatusId'>): string | null =>
  cls.courseStatusId === DRAFT_COURSE ? ATTENDANCE_MESSAGES.draft : null;
