import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import {
  MarkAttendanceArgsSchema, MoveClassToEndArgsSchema, RescheduleClassArgsSchema, type MarkAttendanceArgs,
  type MoveClassToEndArgs, type RescheduleClassArgs,
} from '@rollbook/shared-types/sync';
import type { z } from 'zod';
import type { OutboxRow, QueuedMutation, RollbookDb } from './db';
import { rescheduledSlot } from './london-slot';
import { allocateSeq } from './meta';
import { baseVersionOf, targetOf } from './mutation-effects';
import { refreshRowOf, serverAttendanceOf, serverClassOf } from './local-rows';

// The teacher's changes. Each is ONE transaction writing the optimistic value and its outbox row:
// either both are on the phone or neither is, so a change the teacher saw is never lost.

export interface ChangeContext {
  db: RollbookDb;
  /** The signed-in user making the change: the only one whose token may send it. */
  userId: number;
  now: () => number;
}

/** A change the phone refuses before queuing it (the row is not on this device, bad arguments). */
export class OfflineChangeError extends Error {
  override readonly name = 'OfflineChangeError';
}

export const NOT_ON_DEVICE_MESSAGE = 'This class is not on this device yet; please refresh and try again';

/**
 * Queues a change on top of what the cached row shows. `baseVersion`, when given, is used instead
 * of the server version we hold (re-applying a conflict on the server's newer version).
 */
export function queueMutation(ctx: ChangeContext, mutation: QueuedMutation, baseVersion?: number): Promise<OutboxRow> {
  const { db } = ctx;
  const table = mutation.name === 'rescheduleClass' || mutation.name === 'moveClassToEnd' ? db.classes : db.attendance;
  return db.transaction('rw', [table, db.outbox, db.meta], async () => {
    let base: number;
    if (mutation.name === 'markAllAttended') {
      mutation = await onServerVersions(db, mutation);
      base = 0; // each line carries its own version
    } else {
      const server = mutation.name === 'markAttendance'
        ? await db.attendance.get([mutation.args.classId, mutation.args.studentId]).then((row) => row && serverAttendanceOf(row))
        : await db.classes.get(mutation.args.classId).then((row) => row && serverClassOf(row));
      if (!server) throw new OfflineChangeError(NOT_ON_DEVICE_MESSAGE);
      base = baseVersion ?? baseVersionOf(mutation, server);
    }

    const now = ctx.now();
    const row: OutboxRow = {
      ...mutation,
      seq: await allocateSeq(db),
      mutationId: crypto.randomUUID(),
      baseVersion: base,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      retryReason: null,
      madeAt: new Date(now).toISOString(),
      userId: ctx.userId,
      target: targetOf(mutation),
      classId: mutation.args.classId,
      server: null,
    };
    await db.outbox.add(row);
    await refreshRowOf(db, mutation);
    return row;
  });
}

type AllAttended = Extract<QueuedMutation, { name: 'markAllAttended' }>;

/**
 * "All attended" on the lines of our copy of the server's register: each line's version is the
 * one the server last gave (as a single mark's), so a line someone else marks meanwhile conflicts.
 */
async function onServerVersions(db: RollbookDb, mutation: AllAttended): Promise<AllAttended> {
  const { classId, lines } = mutation.args;
  const rows = await db.attendance.bulkGet(lines.map((line) => [classId, line.studentId] as [number, number]));
  const onDevice = rows.flatMap((row) => (row ? [{ studentId: row.studentId, baseVersion: serverAttendanceOf(row).version }] : []));
  if (onDevice.length === 0) throw new OfflineChangeError(NOT_ON_DEVICE_MESSAGE);
  return { name: mutation.name, args: { classId, lines: onDevice } };
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new OfflineChangeError(result.error.issues[0]?.message ?? 'Invalid change');
  return result.data;
}

/** Attended, Absent, or Pending when cleared. */
export async function queueMarkAttendance(ctx: ChangeContext, args: MarkAttendanceArgs): Promise<OutboxRow> {
  return queueMutation(ctx, { name: 'markAttendance', args: parsed(MarkAttendanceArgsSchema, args) });
}

/** "All attended": the students listed (those the teacher saw pending) set to attended, as one change. */
export async function queueMarkAllAttended(ctx: ChangeContext, classId: number, studentIds: number[]): Promise<OutboxRow> {
  // Ids from the phone's own register, not typed by anyone: not parsed here, so the args schema
  // stays out of the teacher's first-visit scripts (the server checks it).
  if (studentIds.length === 0) throw new OfflineChangeError('Every student on this register is already marked');
  const lines = [...new Set(studentIds)].map((studentId) => ({ studentId, baseVersion: 0 }));
  return queueMutation(ctx, { name: 'markAllAttended', args: { classId, lines } });
}

export async function queueClearAttendance(ctx: ChangeContext, args: Omit<MarkAttendanceArgs, 'statusId'>): Promise<OutboxRow> {
  return queueMarkAttendance(ctx, { ...args, statusId: AttendanceStatus.Pending });
}

/** classDate 'd/m/yyyy HH:mm', London time in 5-minute steps; the new time shows at once. */
export async function queueRescheduleClass(ctx: ChangeContext, args: RescheduleClassArgs): Promise<OutboxRow> {
  const checked = parsed(RescheduleClassArgsSchema, args);
  try {
    rescheduledSlot(checked.classDate, checked.classLength);
  } catch (error) {
    throw new OfflineChangeError(error instanceof Error ? error.message : String(error));
  }
  return queueMutation(ctx, { name: 'rescheduleClass', args: checked });
}

/** The new date follows the series' schedule, which only the server knows: it arrives with the pull after sending. */
export async function queueMoveClassToEnd(ctx: ChangeContext, args: MoveClassToEndArgs): Promise<OutboxRow> {
  return queueMutation(ctx, { name: 'moveClassToEnd', args: parsed(MoveClassToEndArgsSchema, args) });
}
