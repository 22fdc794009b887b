import { classStatusAfterMarking } from '@rollbook/shared-types/class-status-rules';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import type { SyncAttendance, SyncClass } from '@rollbook/shared-types/sync';
import { Dexie } from 'dexie';
import type { LocalClass, RollbookDb } from './db';
import { normaliseInstant } from './london-slot';
import { activeRows } from './local-rows';

// Classes as the screens show them: the cached row (with this device's changes on top) and
// whether any of it is still waiting to reach the server.

export type ClassView = SyncClass & {
  /** Something about this class (its time, or a mark on its register) has not reached the server yet. */
  pending: boolean;
  /** A queued move to the end of the series: the new date comes with the server's answer. */
  movingToEnd: boolean;
};

/**
 * The spec's rule after marking, shown until the server's own value arrives. Whether the class has
 * ended: the server said so (Requires marking), else this device's clock says so.
 */
function statusAfterLocalMarks(cls: Pick<SyncClass, 'seriesStatusId' | 'endsAt'>, lines: SyncAttendance[], now: number): number {
  const ended = cls.seriesStatusId === ClassStatus.RequiresMarking || Date.parse(cls.endsAt) <= now;
  return classStatusAfterMarking(cls.seriesStatusId, lines.map((line) => line.statusId), ended);
}

async function toViews(db: RollbookDb, rows: LocalClass[]): Promise<ClassView[]> {
  const unsent = await activeRows(db);
  const pendingIds = new Set(unsent.map((row) => row.classId));
  const movingIds = new Set(unsent.filter((row) => row.name === 'moveClassToEnd').map((row) => row.classId));
  const markedIds = new Set(unsent.filter((row) => row.name === 'markAttendance' || row.name === 'markAllAttended').map((row) => row.classId));
  // The registers of the shown classes with unsent marks, in one read.
  const marked = rows.filter((row) => markedIds.has(row.classId)).map((row) => row.classId);
  const registers = new Map<number, SyncAttendance[]>();
  if (marked.length > 0) {
    for (const line of await db.attendance.where('classId').anyOf(marked).toArray()) {
      registers.set(line.classId, [...(registers.get(line.classId) ?? []), line]);
    }
  }
  const now = Date.now();
  return rows.map(({ serverCopy: _serverCopy, ...cls }) => {
    const seriesStatusId = markedIds.has(cls.classId) ? statusAfterLocalMarks(cls, registers.get(cls.classId) ?? [], now) : cls.seriesStatusId;
    return { ...cls, seriesStatusId, pending: pendingIds.has(cls.classId), movingToEnd: movingIds.has(cls.classId) };
  });
}

/** Classes starting in [fromIso, toIso), by start time. */
export async function classesInRange(db: RollbookDb, fromIso: string, toIso: string): Promise<ClassView[]> {
  const rows = await db.classes.where('startsAt').between(normaliseInstant(fromIso), normaliseInstant(toIso), true, false).toArray();
  return toViews(db, rows);
}

export async function courseClasses(db: RollbookDb, courseId: number): Promise<ClassView[]> {
  const rows = await db.classes.where('[courseId+startsAt]').between([courseId, Dexie.minKey], [courseId, Dexie.maxKey]).toArray();
  return toViews(db, rows);
}

/** null when the class is not on this device. */
export async function classById(db: RollbookDb, classId: number): Promise<ClassView | null> {
  const row = await db.classes.get(classId);
  if (!row) return null;
  const [view] = await toViews(db, [row]);
  return view ?? null;
}
