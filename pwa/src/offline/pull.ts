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

    await db.courses.bulkPut(answer.courses);
    await db.enrolments.bulkPut(answer.enrolments);
    await db.students.bulkPut(answer.students);

    const active = await activeByTarget(db);
    const none: OutboxRow[] = [];
    const heldClasses = await db.classes.bulkGet(answer.classes.map((c) => c.classId));
    const classes: LocalClass[] = [];
    answer.classes.forEach((incoming, i) => {
      const held = heldClasses[i];
      if (isOlder(incoming, held && serverClassOf(held))) return;
      const server = { ...incoming, startsAt: normaliseInstant(incoming.startsAt), endsAt: normaliseInstant(incoming.endsAt) };
      classes.push(overlayClass(server, active.get(classTarget(server.classId)) ?? none));
    });
    await db.classes.bulkPut(classes);

    const heldLines = await db.attendance.bulkGet(answer.attendance.map((a) => [a.classId, a.studentId] as [number, number]));
    const lines: LocalAttendance[] = [];
    answer.attendance.forEach((incoming, i) => {
      const held = heldLines[i];
      if (isOlder(incoming, held && serverAttendanceOf(held))) return;
      lines.push(overlayAttendance(incoming, active.get(attendanceTarget(incoming.classId, incoming.studentId)) ?? none));
    });
    await db.attendance.bulkPut(lines);

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
