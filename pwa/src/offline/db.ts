import type {
  MarkAllAttendedArgs, MoveClassToEndArgs, MarkAttendanceArgs, RescheduleClassArgs, SyncAttendance, SyncClass, SyncCourse,
  SyncEnrolment, SyncStudent,
} from '@rollbook/shared-types/sync';
import { Dexie, type EntityTable, type Table } from 'dexie';

// One IndexedDB database per signed-in user: their cached window of classes, registers, courses and
// students, and the outbox of changes they made on this device. A second user on the same phone
// gets another database, so a queue can never be sent under someone else's name.

/**
 * A cached row shows the server's value with this device's unanswered changes applied on top.
 * While such changes exist, `serverCopy` keeps the server's own value, so a refused change can be
 * rolled back without asking the server again.
 */
export type LocalClass = SyncClass & { serverCopy?: SyncClass };
export type LocalAttendance = SyncAttendance & { serverCopy?: SyncAttendance };

export type QueuedMutation =
  | { name: 'markAttendance'; args: MarkAttendanceArgs }
  /** "All attended": one change for the lines listed, each with its own baseVersion. */
  | { name: 'markAllAttended'; args: MarkAllAttendedArgs }
  | { name: 'rescheduleClass'; args: RescheduleClassArgs }
  | { name: 'moveClassToEnd'; args: MoveClassToEndArgs };

/** pending: waiting to be sent; sending: in a batch now; rejected/conflict: answered, shown as a sync issue. */
export type OutboxStatus = 'pending' | 'sending' | 'rejected' | 'conflict';

/** Why the last attempt failed: network failures are retried at once when the phone comes back online. */
export type RetryReason = 'network' | 'server' | 'refused' | 'waiting';

export type OutboxRow = QueuedMutation & {
  /** Strictly increasing per client; the server applies a client's changes in this order. */
  seq: number;
  /** The idempotency key: resending it can never apply the change twice. */
  mutationId: string;
  /** Version of the row the change was made on (attendance version or class scheduleVersion). */
  baseVersion: number;
  status: OutboxStatus;
  attempts: number;
  /** Device time (ms) before which this row is not sent again. */
  nextAttemptAt: number;
  lastError: string | null;
  retryReason: RetryReason | null;
  /** Device time the teacher made the change, ISO: for the audit trail, never for ordering. */
  madeAt: string;
  /** The signed-in user who made it: only their token may send it. */
  userId: number;
  /** The cached row it changes ('a:<classId>:<studentId>', 'c:<classId>', or 'r:<classId>' for lines of its register). */
  target: string;
  classId: number;
  /** For rejected and conflicting changes: the server's current value of what it wanted to change. */
  server: Record<string, unknown> | null;
};

export interface MetaRow {
  key: string;
  value: unknown;
}

export type CachedTableName = 'classes' | 'attendance' | 'courses' | 'enrolments' | 'students';

export class RollbookDb extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>;
  classes!: EntityTable<LocalClass, 'classId'>;
  attendance!: Table<LocalAttendance, [number, number]>;
  courses!: EntityTable<SyncCourse, 'courseId'>;
  enrolments!: Table<SyncEnrolment, [number, number]>;
  students!: EntityTable<SyncStudent, 'studentId'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;

  constructor(name: string) {
    // Strict durability: a change the teacher saw saved must survive the phone dying a moment later.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      meta: 'key',
      classes: 'classId, startsAt, courseId, [courseId+startsAt]',
      attendance: '[classId+studentId], classId, studentId',
      courses: 'courseId',
      enrolments: '[courseId+studentId], courseId, studentId',
      students: 'studentId',
      outbox: 'seq, &mutationId, target, classId, [status+seq]',
    });
  }

  get cachedTables() {
    return [this.classes, this.attendance, this.courses, this.enrolments, this.students];
  }
}

export const userDbName = (userId: number): string => `rollbook-u${userId}`;

export function openUserDb(userId: number): RollbookDb {
  return new RollbookDb(userDbName(userId));
}
