import type { SyncAttendance, SyncClass } from '@rollbook/shared-types/sync';
import type { QueuedMutation } from './db';
import { rescheduledSlot, slotFields } from './london-slot';

// What each queued change does to a cached row: the same function makes the optimistic value when
// the teacher acts, re-applies it over a fresher server row after a pull, and updates our copy of
// the server's row when the server answers 'applied'.

export const attendanceTarget = (classId: number, studentId: number): string => `a:${classId}:${studentId}`;
export const classTarget = (classId: number): string => `c:${classId}`;

export function targetOf(mutation: QueuedMutation): string {
  return mutation.name === 'markAttendance'
    ? attendanceTarget(mutation.args.classId, mutation.args.studentId)
    : classTarget(mutation.args.classId);
}

/** Just the change (name and arguments) of an outbox row. */
export function mutationOf(row: QueuedMutation): QueuedMutation {
  switch (row.name) {
    case 'markAttendance':
      return { name: row.name, args: row.args };
    case 'rescheduleClass':
      return { name: row.name, args: row.args };
    case 'moveClassToEnd':
      return { name: row.name, args: row.args };
  }
}

export function applyToAttendance(line: SyncAttendance, mutation: QueuedMutation): SyncAttendance {
  return mutation.name === 'markAttendance' ? { ...line, statusId: mutation.args.statusId } : line;
}

export function applyToClass(cls: SyncClass, mutation: QueuedMutation): SyncClass {
  if (mutation.name === 'rescheduleClass') {
    return { ...cls, ...rescheduledSlot(mutation.args.classDate, mutation.args.classLength) };
  }
  // Move to end: the slot follows the series' schedule, which only the server knows; the class
  // keeps its date (flagged pending) until the answer and the pull after it.
  return cls;
}

/** The version a queued change of this row compares with on the server. */
export function baseVersionOf(mutation: QueuedMutation, row: SyncAttendance | SyncClass): number {
  return mutation.name === 'markAttendance' ? (row as SyncAttendance).version : (row as SyncClass).scheduleVersion;
}

/** Our copy of the server's row after the server applied this change and gave the row `version`. */
export function withAppliedVersion<Row extends SyncAttendance | SyncClass>(row: Row, mutation: QueuedMutation, version: number | undefined): Row {
  if (version === undefined) return row;
  return mutation.name === 'markAttendance' ? { ...row, version } : { ...row, scheduleVersion: version };
}

const numberIn = (value: Record<string, unknown>, key: string): number | undefined =>
  typeof value[key] === 'number' ? value[key] : undefined;

/**
 * Folds the server's current value, sent with a conflict or a refusal, into our copy of its row.
 * `version` is the answer's own version field, used when the value does not carry one. Fields we
 * do not recognise are left to the pull that follows every answered batch.
 */
export function mergeServerAttendance(line: SyncAttendance, server: Record<string, unknown> = {}, version?: number): SyncAttendance {
  return {
    ...line,
    statusId: numberIn(server, 'statusId') ?? line.statusId,
    version: numberIn(server, 'version') ?? version ?? line.version,
  };
}

export function mergeServerClass(cls: SyncClass, server: Record<string, unknown> = {}, version?: number): SyncClass {
  const startsAt = typeof server.startsAt === 'string' && !Number.isNaN(Date.parse(server.startsAt)) ? server.startsAt : cls.startsAt;
  const classLength = numberIn(server, 'classLength') ?? cls.classLength;
  const scheduleVersion = numberIn(server, 'scheduleVersion') ?? version ?? cls.scheduleVersion;
  const moved = Date.parse(startsAt) !== Date.parse(cls.startsAt) || classLength !== cls.classLength;
  return { ...cls, ...(moved ? slotFields(startsAt, classLength) : {}), scheduleVersion };
}
