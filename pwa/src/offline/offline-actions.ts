import type { MarkAttendanceArgs, MoveClassToEndArgs, RescheduleClassArgs } from '@rollbook/shared-types/sync';
import type { OutboxRow } from './db';
import {
  OfflineChangeError, queueClearAttendance, queueMarkAllAttended, queueMarkAttendance, queueMoveClassToEnd, queueRescheduleClass, type ChangeContext,
} from './local-changes';
import { resolveSyncIssue, type IssueChoice, type ResolveOptions } from './sync-issues';
import { activeSync } from './sync-session';

// What the screens call to change something. Each resolves once the change is safely on the phone
// (optimistic row + outbox row, one transaction) and then asks the sender to try at once.
// Throws OfflineChangeError when no user's sync is running or the row is not on this device.

export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to make changes';

async function withActive(queue: (ctx: ChangeContext) => Promise<OutboxRow | null>): Promise<OutboxRow | null> {
  const current = activeSync();
  if (!current) throw new OfflineChangeError(NOT_SIGNED_IN_MESSAGE);
  const row = await queue({ db: current.db, userId: current.userId, now: Date.now });
  void current.engine.sendNow();
  return row;
}

/** statusId Attended, Absent, or Pending (cleared). */
export const markAttendance = (args: MarkAttendanceArgs) => withActive((ctx) => queueMarkAttendance(ctx, args));

/** "All attended": the students the teacher saw pending (see marking-rules pendingStudentIds), one queued change. */
export const markAllAttended = (classId: number, studentIds: number[]) => withActive((ctx) => queueMarkAllAttended(ctx, classId, studentIds));

export const clearAttendance = (args: Omit<MarkAttendanceArgs, 'statusId'>) => withActive((ctx) => queueClearAttendance(ctx, args));

/** classDate 'd/m/yyyy HH:mm' London time, 5-minute steps; classLength in minutes. */
export const rescheduleClass = (args: RescheduleClassArgs) => withActive((ctx) => queueRescheduleClass(ctx, args));

/** The new date arrives from the server after sending (it follows the series' schedule). */
export const moveClassToEnd = (args: MoveClassToEndArgs) => withActive((ctx) => queueMoveClassToEnd(ctx, args));

/**
 * A sync issue (`useSyncIssues()[i].id`): re-apply 'mine' as a new change on the server's version,
 * or take 'theirs'. allowClashes re-applies a reschedule refused for a clash, once the teacher confirmed.
 */
export const resolveIssue = (id: number, choice: IssueChoice, options: ResolveOptions = {}) =>
  withActive((ctx) => resolveSyncIssue(ctx, id, choice, options));
