import type { Clash } from '@rollbook/shared-types/classes';
import { showDateTime } from '@rollbook/shared-types/display-dates';
import type { OutboxRow, QueuedMutation, RollbookDb } from './db';
import { outboxWithStatus } from './local-rows';

// What the Sync issues list reads. Apart from sync-state-views (the chip and banners, read on
// every page) because only the list, loaded on the first tap, needs it: the teacher's first visit
// does not download it (the first visit's JavaScript budget).

export interface SyncIssueView {
  /** Pass to resolveIssue(id, 'mine' | 'theirs'). */
  id: number;
  kind: 'rejected' | 'conflict';
  /** The server's message (e.g. 'You can not mark classes for a draft course'). */
  reason: string;
  /** What the change was, in words: 'Jane Smith: Attended - General English 23/11/2026 10:00'. */
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
  const classLabel = cls ? `${cls.course} ${showDateTime(cls.startsAt)}` : `class ${row.classId}`;
  switch (row.name) {
    case 'markAttendance': {
      const student = await db.students.get(row.args.studentId);
      const who = student ? `${student.firstName} ${student.lastName}` : `Student ${row.args.studentId}`;
      return `${who}: ${MARK_LABELS[row.args.statusId] ?? `status ${row.args.statusId}`} - ${classLabel}`;
    }
    case 'markAllAttended':
      return `All attended: ${row.args.lines.length} students - ${classLabel}`;
    case 'rescheduleClass':
      return `Move ${classLabel} to ${showDateTime(row.args.classDate)} (${row.args.classLength} mins)`;
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
