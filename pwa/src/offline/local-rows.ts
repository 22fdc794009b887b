import type { SyncAttendance, SyncClass } from '@rollbook/shared-types/sync';
import { Dexie } from 'dexie';
import type { LocalAttendance, LocalClass, OutboxRow, OutboxStatus, QueuedMutation, RollbookDb } from './db';
import { applyToAttendance, applyToClass, attendanceTarget, lineTargetsOf, targetOf } from './mutation-effects';

// Cached rows = the server's row + this device's unanswered changes on top. These helpers keep that
// rule in one place; call them inside a transaction that covers the row's table and the outbox.

/** Changes not yet answered by the server: they stay applied to the cached rows. */
export const ACTIVE_STATUSES: readonly OutboxStatus[] = ['pending', 'sending'];
export const isActive = (row: OutboxRow): boolean => ACTIVE_STATUSES.includes(row.status);

export function outboxWithStatus(db: RollbookDb, status: OutboxStatus) {
  return db.outbox.where('[status+seq]').between([status, Dexie.minKey], [status, Dexie.maxKey]);
}

/** Every unanswered change, in seq order. */
export async function activeRows(db: RollbookDb): Promise<OutboxRow[]> {
  const lists = await Promise.all(ACTIVE_STATUSES.map((status) => outboxWithStatus(db, status).toArray()));
  return lists.flat().sort((a, b) => a.seq - b.seq);
}

/** Every unanswered change, in seq order, grouped by the row it changes. */
export async function activeByTarget(db: RollbookDb): Promise<Map<string, OutboxRow[]>> {
  const byTarget = new Map<string, OutboxRow[]>();
  for (const row of await activeRows(db)) {
    for (const target of lineTargetsOf(row)) byTarget.set(target, [...(byTarget.get(target) ?? []), row]);
  }
  return byTarget;
}

/**
 * The unanswered changes of some rows of one class, in seq order, read in one go: a register line's
 * include its class's "All attended" that lists it.
 */
async function activeOfClass(db: RollbookDb, targets: string[], classId: number): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('target').anyOf([...targets, `r:${classId}`]).toArray();
  return rows.filter(isActive).sort((a, b) => a.seq - b.seq);
}

const changesOf = (active: OutboxRow[], target: string): OutboxRow[] => active.filter((row) => lineTargetsOf(row).includes(target));

export function serverAttendanceOf(row: LocalAttendance): SyncAttendance {
  const { serverCopy, ...visible } = row;
  return serverCopy ?? visible;
}

export function serverClassOf(row: LocalClass): SyncClass {
  const { serverCopy, ...visible } = row;
  return serverCopy ?? visible;
}

export function overlayAttendance(server: SyncAttendance, active: OutboxRow[]): LocalAttendance {
  return active.length === 0 ? server : { ...active.reduce(applyToAttendance, server), serverCopy: server };
}

export function overlayClass(server: SyncClass, active: OutboxRow[]): LocalClass {
  return active.length === 0 ? server : { ...active.reduce(applyToClass, server), serverCopy: server };
}

export interface ServerRowUpdate {
  attendance?: (line: SyncAttendance) => SyncAttendance;
  cls?: (cls: SyncClass) => SyncClass;
}

/**
 * Recomputes the cached row a change targets after the outbox changed (answered, dropped, added),
 * optionally updating our copy of the server's row first (new version, a conflict's value).
 */
export async function refreshRowOf(db: RollbookDb, mutation: QueuedMutation, update: ServerRowUpdate = {}): Promise<void> {
  const { classId } = mutation.args;
  if (mutation.name === 'markAttendance' || mutation.name === 'markAllAttended') {
    const studentIds = mutation.name === 'markAttendance' ? [mutation.args.studentId] : mutation.args.lines.map((line) => line.studentId);
    // An "All attended" answers for a whole register: its lines and their changes are read once, not per line.
    const targets = studentIds.map((studentId) => attendanceTarget(classId, studentId));
    const [rows, active] = await Promise.all([
      db.attendance.bulkGet(studentIds.map((studentId): [number, number] => [classId, studentId])),
      activeOfClass(db, targets, classId),
    ]);
    const refreshed = rows.flatMap((row, i) => {
      if (!row) return [];
      const server = update.attendance ? update.attendance(serverAttendanceOf(row)) : serverAttendanceOf(row);
      return [overlayAttendance(server, changesOf(active, targets[i] as string))];
    });
    await db.attendance.bulkPut(refreshed);
    return;
  }
  const target = targetOf(mutation);
  const active = changesOf(await activeOfClass(db, [target], classId), target);
  const row = await db.classes.get(classId);
  if (!row) return;
  const server = update.cls ? update.cls(serverClassOf(row)) : serverClassOf(row);
  await db.classes.put(overlayClass(server, active));
}
