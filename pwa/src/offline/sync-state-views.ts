import type { Clash } from '@rollbook/shared-types/classes';
import type { OutboxRow, QueuedMutation, RollbookDb } from './db';
import { readMeta } from './meta';
import { outboxWithStatus } from './local-rows';

// What the sync status chip, the "Last synced" line, the stuck banner and the Sync issues list read.

export const STUCK_AGE_MS = 24 * 60 * 60_000;
export const STUCK_ATTEMPTS = 10;

export interface OutboxSummary {
  /** Changes not yet answered (pending + sending). */
  pendingCount: number;
  sendingCount: number;
  /** Device time (ms) the oldest unanswered change was made, null when none. */
  oldestPendingMadeAt: number | null;
  /** Most failed attempts of an unanswered change. */
  maxAttempts: number;
  issuesCount: number;
  lastSyncedAt: string | null;
  lastPulledAt: string | null;
}

export async function outboxSummary(db: RollbookDb): Promise<OutboxSummary> {
  const [pending, sending, rejected, conflict] = await Promise.all(
    (['pending', 'sending', 'rejected', 'conflict'] as const).map((status) => outboxWithStatus(db, status).toArray()),
  );
  const unsent = [...(pending ?? []), ...(sending ?? [])];
  const madeAts = unsent.map((row) => Date.parse(row.madeAt)).filter((t) => !Number.isNaN(t));
  return {
    pendingCount: unsent.length,
    sendingCount: sending?.length ?? 0,
    oldestPendingMadeAt: madeAts.length ? Math.min(...madeAts) : null,
    maxAttempts: Math.max(0, ...unsent.map((row) => row.attempts)),
    issuesCount: (rejected?.length ?? 0) + (conflict?.length ?? 0),
    lastSyncedAt: (await readMeta(db, 'lastSyncedAt')) ?? null,
    lastPulledAt: (await readMeta(db, 'lastPulledAt')) ?? null,
  };
}

export interface SyncIssueView {
  /** Pass to resolveIssue(id, 'mine' | 'theirs'). */
  id: number;
  kind: 'rejected' | 'conflict';
  /** The server's message (e.g. 'You can not mark classes for a draft course'). */
  reason: string;
  /** What the change was, in words: 'Jane Smith: Attended - General English 23-Nov-2026 10:00'. */
  summary: string;
  name: QueuedMutation['name'];
  args: QueuedMutation['args'];
  /** The server's current value, when it sent one. */
  server: Record<string, unknown> | null;
  /** A reschedule refused for double-booking: what it clashed with (re-apply with allowClashes). */
  clashes: Clash[] | null;
  /** Device time the change was made (ISO). */
  madeAt: string;
}

const MARK_LABELS: Record<number, string> = { 1: 'Cleared', 2: 'Attended', 5: 'Absent' };

async function describe(db: RollbookDb, row: OutboxRow): Promise<string> {
  const cls = await db.classes.get(row.classId);
  const classLabel = cls ? `${cls.course} ${cls.classDateMobile} ${cls.time}` : `class ${row.classId}`;
  switch (row.name) {
    case 'markAttendance': {
      const student = await db.students.get(row.args.studentId);
      const who = student ? `${student.firstName} ${student.lastName}` : `Student ${row.args.studentId}`;
      return `${who}: ${MARK_LABELS[row.args.statusId] ?? `status ${row.args.statusId}`} - ${classLabel}`;
    }
    case 'rescheduleClass':
      return `Move ${classLabel} to ${row.args.classDate} (${row.args.classLength} mins)`;
    case 'moveClassToEnd':
      return `Move ${classLabel} to the end of its series`;
  }
}

/** Refused and conflicting changes, oldest first. */
export async function syncIssues(db: RollbookDb): Promise<SyncIssueView[]> {
  const rows = (await Promise.all([outboxWithStatus(db, 'rejected').toArray(), outboxWithStatus(db, 'conflict').toArray()])).flat();
  rows.sort((a, b) => a.seq - b.seq);
  return Promise.all(rows.map(async (row) => ({
    id: row.seq,
    kind: row.status === 'conflict' ? 'conflict' as const : 'rejected' as const,
    reason: row.lastError ?? '',
    summary: await describe(db, row),
    name: row.name,
    args: row.args,
    server: row.server,
    clashes: Array.isArray(row.server?.clashes) ? (row.server.clashes as Clash[]) : null,
    madeAt: row.madeAt,
  })));
}
