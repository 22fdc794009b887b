import { ClassStatus, isLockedClassStatus } from '@rollbook/shared-types/statuses';

/** The pencil (reschedule) and move-to-end are hidden once a class is Marked or Paid (spec §2.3). */
export const canReschedule = (seriesStatusId: number): boolean => !isLockedClassStatus(seriesStatusId);

/** Paid classes also lose the remove action; a Marked one keeps it (DELETE SERIES spares it). */
export const canRemove = (seriesStatusId: number): boolean => seriesStatusId !== ClassStatus.Paid;

export const MOVE_TO_END_QUESTION = 'You are moving this class to the end of the course. Are you sure?';
export const DELETE_CLASS_QUESTION = 'Do you wish to delete this class only, or every class of its series?';

export function deletedMessage({ deleted, skipped }: { deleted: number; skipped: number }): string {
  const main = `${deleted} ${deleted === 1 ? 'class' : 'classes'} deleted`;
  return skipped > 0 ? `${main}; ${skipped} marked or paid kept` : main;
}
