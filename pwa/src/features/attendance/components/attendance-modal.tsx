import type { ClassItem } from '@rollbook/shared-types/classes';
import type { AttendanceMode } from './attendance-marks';
import { MarkAttendanceDialog } from './mark-attendance-dialog';
import { RescheduleDialog } from './reschedule-dialog';

export interface AttendanceTarget {
  classItem: ClassItem;
  mode: AttendanceMode;
}

/**
 * The admin's class dialog (spec §2.5): the register to mark (mode M) or the class to
 * reschedule (mode R). Open it by setting a target; it calls onClose once it has closed.
 */
export function AttendanceModal({ target, onClose }: { target: AttendanceTarget | null; onClose: () => void }) {
  if (!target) return null;
  const key = `${target.classItem.classId}-${target.mode}`;
  return target.mode === 'R' ? (
    <RescheduleDialog key={key} classItem={target.classItem} onDismissed={onClose} />
  ) : (
    <MarkAttendanceDialog key={key} classItem={target.classItem} onDismissed={onClose} />
  );
}
