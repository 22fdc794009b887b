import type { Clash } from '@rollbook/shared-types/classes';
import { showDateTime } from '@rollbook/shared-types/display-dates';
import type { SyncStudent } from '@rollbook/shared-types/sync';
import type { LocalClass, OutboxRow, QueuedMutation, RollbookDb } from './db';
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

/** The classes and students the issues name, each read once for the whole list. */
interface Named {
  classes: Map<number, LocalClass>;
  students: Map<number, SyncStudent>;
}

async function namedIn(db: RollbookDb, rows: OutboxRow[]): Promise<Named> {
  const classIds = [...new Set(rows.map((row) => row.classId))];
  const studentIds = [...new Set(rows.flatMap((row) => (row.name === 'markAttendance' ? [row.args.studentId] : [])))];
  const [classes, students] = await Promise.all([db.classes.bulkGet(classIds), db.students.bulkGet(studentIds)]);
  return {
    classes: new Map(classes.flatMap((cls) => (cls ? [[cls.classId, cls] as const] : []))),
    students: new Map(students.flatMap((student) => (student ? [[student.studentId, student] as const] : []))),
  };
}

function describe(named: Named, row: OutboxRow): string {
  const cls = named.classes.get(row.classId);
  const classLabel = cls ? `${cls.course} ${showDateTime(cls.startsAt)}` : `class ${row.classId}`;
  switch (row.name) {
    case 'markAttendance': {
      const student = named.students.get(row.args.studentId);
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
  const named = await namedIn(db, rows);
  return rows.map((row) => ({
    id: row.seq,
    kind: row.status === 'conflict' ? 'conflict' as const : 'rejected' as const,
    reason: row.lastError ?? '',
    summary: describe(named, row),
    name: row.name,
    args: row.args,
    server: row.server,
    clashes: Array.isArray(row.server?.clashes) ? (row.server.clashes as Clash[]) : null,
    madeAt: row.madeAt,
  }));
}
