import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import type { SyncAttendance, SyncClass } from '@rollbook/shared-types/sync';
import type { QueuedMutation } from './db';
import { rescheduledSlot, slotFields } from './london-slot';

// What each queued change does to a cached row: the same function makes the optimistic value when
// the teacher acts, re-applies it over a fresher server row after a pull, and updates our copy of
// the server's row when the server answers 'applied'.

export const attendanceTarget = (classId: number, studentId: number): string => `a:${classId}:${studentId}`;
export const classTarget = (classId: number): string => `c:${classId}`;

export function targetOf(mutation: QueuedMutation): string {
  if (mutation.name === 'markAttendance') return attendanceTarget(mutation.args.classId, mutation.args.studentId);
  return `${mutation.name === 'markAllAttended' ? 'r' : 'c'}:${mutation.args.classId}`;
}

/** The cached rows a change shows on: an "All attended" shows on each line it lists. */
export const lineTargetsOf = (mutation: QueuedMutation): string[] => mutation.name === 'markAllAttended'
  ? mutation.args.lines.map((line) => attendanceTarget(mutation.args.classId, line.studentId))
  : [targetOf(mutation)];

/** Just the change (name and arguments) of an outbox row. */
export const mutationOf = (row: QueuedMutation): QueuedMutation => ({ name: row.name, args: row.args }) as QueuedMutation;

/** Only changes of a register reach its lines ("All attended" only those it lists, see lineTargetsOf). */
export function applyToAttendance(line: SyncAttendance, mutation: QueuedMutation): SyncAttendance {
  if (mutation.name === 'markAllAttended') return { ...line, statusId: AttendanceStatus.Attended };
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
export function mergeServerAttendance(line: SyncAttendance, answer: Record<string, unknown> = {}, version?: number): SyncAttendance {
  // "All attended" answers each line's value in `lines`.
  const lines = answer.lines as Record<string, unknown>[] | undefined;
  const server = lines?.find((value) => value.studentId === line.studentId) ?? (lines ? {} : answer);
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
