import type { StudentCourseAttendance } from '@rollbook/shared-types/reports';
import { ATTENDANCE_STATUS_NAMES, AttendanceStatus } from '@rollbook/shared-types/statuses';

// The attendance report's grid (spec §2.10): the course's classes in blocks of five columns, each
// block a table of every student's status on those classes.

export const CLASS_COLUMNS_PER_ROW = 5;

type AttendanceClass = StudentCourseAttendance['classes'][number];

export interface ClassBlock {
  /** Position of the block's first class in the course's class list. */
  offset: number;
  classes: AttendanceClass[];
}

/** Classes in blocks of `size` (the last may be shorter); none for a course without classes. */
export function classBlocks(classes: readonly AttendanceClass[], size = CLASS_COLUMNS_PER_ROW): ClassBlock[] {
  if (size < 1) throw new RangeError('a block needs at least one column');
  const blocks: ClassBlock[] = [];
  for (let offset = 0; offset < classes.length; offset += size) blocks.push({ offset, classes: classes.slice(offset, offset + size) });
  return blocks;
}

/** A student's statuses for one block's classes, in column order. */
export function blockStatuses(statuses: readonly number[], block: ClassBlock): number[] {
  return block.classes.map((_, index) => statuses[block.offset + index] ?? AttendanceStatus.NotEnrolled);
}

/** Attendance status (spec §4) as printed in a grid cell; Not student prints as Not enrolled. */
export function attendanceLabel(statusId: number): string {
  const printed = statusId >= AttendanceStatus.Pending && statusId <= AttendanceStatus.Absent ? statusId : AttendanceStatus.NotEnrolled;
  return ATTENDANCE_STATUS_NAMES[printed] as string;
}
