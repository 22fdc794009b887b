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

const SERIES_REQUIRES_MARKING = 2;
const SERIES_MARKED = 3;
const NOT_ENROLLED = 0;
const ATTENDANCE_PENDING = 1;

/** The spec's rule after marking (set locally until the server's own value arrives): 3 when nobody is left at 0 or 1, else 2. */
export function statusAfterMarking(seriesStatusId: number, lines: SyncAttendance[]): number {
  if (seriesStatusId !== SERIES_REQUIRES_MARKING && seriesStatusId !== SERIES_MARKED) return seriesStatusId;
  const onRegister = lines.filter((line) => line.statusId !== NOT_ENROLLED);
  if (onRegister.length === 0) return seriesStatusId;
  return onRegister.some((line) => line.statusId === ATTENDANCE_PENDING) ? SERIES_REQUIRES_MARKING : SERIES_MARKED;
}

async function toViews(db: RollbookDb, rows: LocalClass[]): Promise<ClassView[]> {
  const unsent = await activeRows(db);
  const pendingIds = new Set(unsent.map((row) => row.classId));
  const movingIds = new Set(unsent.filter((row) => row.name === 'moveClassToEnd').map((row) => row.classId));
  const markedIds = new Set(unsent.filter((row) => row.name === 'markAttendance').map((row) => row.classId));
  return Promise.all(rows.map(async ({ serverCopy: _serverCopy, ...cls }) => {
    const seriesStatusId = markedIds.has(cls.classId)
      ? statusAfterMarking(cls.seriesStatusId, await db.attendance.where('classId').equals(cls.classId).toArray())
      : cls.seriesStatusId;
    return { ...cls, seriesStatusId, pending: pendingIds.has(cls.classId), movingToEnd: movingIds.has(cls.classId) };
  }));
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
