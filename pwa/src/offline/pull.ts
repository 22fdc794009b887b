import { WINDOW_WEEKS_AHEAD, WINDOW_WEEKS_BACK, type PullResponse } from '@rollbook/shared-types/sync';
import type { LocalAttendance, LocalClass, OutboxRow, RollbookDb } from './db';
import { normaliseInstant } from './london-slot';
import { ensureClientId, readMeta, writeMeta } from './meta';
import { attendanceTarget, classTarget } from './mutation-effects';
import { activeByTarget, overlayAttendance, overlayClass, serverAttendanceOf, serverClassOf } from './local-rows';
import type { SyncCallOutcome, SyncHttp } from './sync-http';

// Local-first reads: the screens read the cached tables; a pull brings only what changed since the
// last cursor and applies it in one transaction, keeping this device's unanswered changes on top.

export interface PullWindow {
  weeksBack: number;
  weeksAhead: number;
}

export const DEFAULT_PULL_WINDOW: PullWindow = { weeksBack: WINDOW_WEEKS_BACK, weeksAhead: WINDOW_WEEKS_AHEAD };

/** An answer older than what we hold (another tab applied a newer one first) must not win. */
const isOlder = (incoming: { version: number }, held: { version: number } | undefined) =>
  held !== undefined && incoming.version < held.version;

/**
 * Rows written per request batch. A first pull writes the whole window (hundreds of classes and
 * register lines): Dexie issues a bulkPut's requests, each cloning its row, in one task, which on a
 * phone blocked the page for over 100 ms while the teacher's week was opening. Awaiting each slice
 * lets the browser run between them (each slice's answer arrives in a task of its own); it is still
 * the one transaction, so a failure keeps none of it.
 */
const PUT_SLICE = 100;

async function putInSlices<T>(table: { bulkPut(rows: readonly T[]): Promise<unknown> }, rows: readonly T[]): Promise<void> {
  for (let start = 0; start < rows.length; start += PUT_SLICE) await table.bulkPut(rows.slice(start, start + PUT_SLICE));
}

export function applyPullResponse(db: RollbookDb, answer: PullResponse): Promise<void> {
  const tables = [db.classes, db.attendance, db.courses, db.enrolments, db.students, db.outbox, db.meta];
  return db.transaction('rw', tables, async () => {
    const { removed } = answer;
    if (answer.reset) await Promise.all(db.cachedTables.map((table) => table.clear()));
    // A removed class takes its register lines with it, a removed course its places (contract).
    await db.classes.bulkDelete(removed.classIds);
    await db.attendance.where('classId').anyOf(removed.classIds).delete();
    await db.attendance.bulkDelete(removed.attendance.map((line) => [line.classId, line.studentId] as [number, number]));
    await db.courses.bulkDelete(removed.courseIds);
    await db.enrolments.where('courseId').anyOf(removed.courseIds).delete();
    await db.enrolments.bulkDelete(removed.enrolments.map((e) => [e.courseId, e.studentId] as [number, number]));
    await db.students.bulkDelete(removed.studentIds);

    await putInSlices(db.courses, answer.courses);
    await putInSlices(db.enrolments, answer.enrolments);
    await putInSlices(db.students, answer.students);

    const active = await activeByTarget(db);
    const none: OutboxRow[] = [];
    // A full snapshot starts from emptied tables: nothing held to compare with.
    const heldClasses = answer.reset ? [] : await db.classes.bulkGet(answer.classes.map((c) => c.classId));
    const classes: LocalClass[] = [];
    answer.classes.forEach((incoming, i) => {
      const held = heldClasses[i];
      if (isOlder(incoming, held && serverClassOf(held))) return;
      const server = { ...incoming, startsAt: normaliseInstant(incoming.startsAt), endsAt: normaliseInstant(incoming.endsAt) };
      classes.push(overlayClass(server, active.get(classTarget(server.classId)) ?? none));
    });
    await putInSlices(db.classes, classes);

    const heldLines = answer.reset ? [] : await db.attendance.bulkGet(answer.attendance.map((a) => [a.classId, a.studentId] as [number, number]));
    const lines: LocalAttendance[] = [];
    answer.attendance.forEach((incoming, i) => {
      const held = heldLines[i];
      if (isOlder(incoming, held && serverAttendanceOf(held))) return;
      lines.push(overlayAttendance(incoming, active.get(attendanceTarget(incoming.classId, incoming.studentId)) ?? none));
    });
    await putInSlices(db.attendance, lines);

    await writeMeta(db, 'cursor', answer.cursor);
    await writeMeta(db, 'lastPulledAt', answer.serverTime);
    await writeMeta(db, 'window', answer.window);
  });
}

export interface PullContext {
  db: RollbookDb;
  http: SyncHttp;
  token: string;
  window?: PullWindow;
}

/** One pull from the stored cursor (a full snapshot the first time). */
export async function pullOnce({ db, http, token, window = DEFAULT_PULL_WINDOW }: PullContext): Promise<SyncCallOutcome<PullResponse>> {
  const clientId = await ensureClientId(db);
  const since = await readMeta(db, 'cursor');
  const outcome = await http.pull({ clientId, since, ...window }, token);
  if (outcome.kind === 'ok') await applyPullResponse(db, outcome.data);
  return outcome;
}
