import { ATTENDANCE_MESSAGES, type AttendanceOutcome, type AttendanceRecord, type UpdateAttendanceResponse } from '@rollbook/shared-types/attendance';
import { AttendanceStatus, ClassStatus, CourseStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import {
  heldRegisterRows, lineKey, lockForMarking, saveMarks, saveMarksAndRefreshClasses, type LineKey, type LineState, type MarkingClass,
} from './attendance.repository.js';

/** What users may set: attended, absent, or back to pending. */
const MARKABLE = new Set<number>([AttendanceStatus.Pending, AttendanceStatus.Attended, AttendanceStatus.Absent]);

/** Why this class can not be marked now, or null. */
function classRefusal(cls: MarkingClass): { message: string; code: string } | null {
  if (cls.courseStatusId === CourseStatus.Draft) return { message: ATTENDANCE_MESSAGES.draft, code: 'COURSE_DRAFT' };
  if (cls.courseStatusId === CourseStatus.Archived) return { message: ATTENDANCE_MESSAGES.archived, code: 'COURSE_ARCHIVED' };
  if (cls.courseStatusId === CourseStatus.Suspended) return { message: ATTENDANCE_MESSAGES.suspended, code: 'COURSE_SUSPENDED' };
  if (cls.statusId === ClassStatus.Paid) return { message: ATTENDANCE_MESSAGES.paid, code: 'CLASS_PAID' };
  if (cls.statusId === ClassStatus.Archived || cls.statusId === ClassStatus.Suspended) return { message: ATTENDANCE_MESSAGES.classNotMarkable, code: 'CLASS_NOT_MARKABLE' };
  if (cls.notStarted) return { message: ATTENDANCE_MESSAGES.notStarted, code: 'CLASS_NOT_STARTED' };
  return null;
}

export interface MarkOptions {
  /**
   * Every record applies or none does: the first refusal is thrown (404 for a class that is not
   * there or not yours, 409 for a conflict, else 400 with the spec's message), rolling back.
   */
  allOrNothing?: boolean;
  /**
   * The statuses a line may be changed from ("All attended": pending only). A line in another
   * status, and not already in the record's, is a conflict that keeps the line as it is (code
   * NOT_PENDING_CONFLICT), whatever its baseVersion: a mark given by anyone, this device included,
   * is never overwritten by a bulk action meant for the lines nobody has marked yet.
   */
  onlyFrom?: ReadonlySet<number>;
}

/** The code of a record refused by MarkOptions.onlyFrom: a conflict no rebase can settle. */
export const NOT_PENDING_CONFLICT = 'NOT_PENDING';

/**
 * Applies attendance marks with every rule, record by record, in the caller's transaction (or a
 * new one) and reports each record's outcome: applied with the line's new version, rejected with
 * the reason, or conflict when baseVersion is stale. Without allOrNothing it never throws for a
 * refused record, so the offline sync push can call it for one mutation and store the outcome.
 * Touched classes get their status recomputed.
 */
export async function markAttendance(db: Kysely<DB>, principal: Principal, records: AttendanceRecord[], options: MarkOptions = {}): Promise<UpdateAttendanceResponse> {
  return inTransaction(db, async (trx) => {
    const result = await applyMarks(trx, principal, records, options.onlyFrom);
    const refused = options.allOrNothing ? result.outcomes.find((o) => o.outcome !== 'applied') : undefined;
    if (refused) {
      const status = refused.code === 'NOT_FOUND' ? 404 : refused.outcome === 'conflict' ? 409 : 400;
      const index = result.outcomes.indexOf(refused);
      throw new AppError(status, refused.code ?? 'RULE_VIOLATION', refused.message ?? ATTENDANCE_MESSAGES.notSaved, { [`${index}`]: [refused.message ?? ''] });
    }
    return result;
  });
}

/**
 * The rules record by record, as if one after another; the reads and writes in a few statements:
 * the classes and every line the records reach (locked together, in one), then the changed lines
 * and the touched classes' status (in one). When a call marks one line twice, the later record
 * must see the earlier one's version, so those saves go one statement each, in order.
 */
async function applyMarks(trx: Kysely<DB>, principal: Principal, records: AttendanceRecord[], onlyFrom: ReadonlySet<number> | undefined): Promise<UpdateAttendanceResponse> {
  const classIds = [...new Set(records.map((r) => r.classId))].sort((a, b) => a - b);
  const locked = await lockForMarking(trx, classIds, records, principal);
  const classes = new Map(locked.classes.map((c) => [c.classId, c]));
  const refusals = records.map((r) => refusalBeforeLine(principal, r, classes.get(r.classId)));
  const { lines } = locked;
  const oneByOne = new Set(records.map(lineKey)).size !== records.length;
  const outcomes: AttendanceOutcome[] = [];
  const batched: { index: number; key: string; mark: LineKey & { statusId: number } }[] = [];

  for (const [index, record] of records.entries()) {
    const { classId, studentId, statusId } = record;
    const reject = (message: string, code: string, current: LineState | undefined = undefined, outcome: 'rejected' | 'conflict' = 'rejected') =>
      outcomes.push({ classId, studentId, outcome, statusId: current?.statusId ?? null, version: current?.version ?? null, message, code });

    const refusal = refusals[index];
    if (refusal) { reject(refusal.message, refusal.code); continue; }
    const key = lineKey(record);
    const line = lines.get(key);
    if (!line || line.statusId === AttendanceStatus.NotEnrolled) { reject(ATTENDANCE_MESSAGES.notOnRegister, 'NOT_ON_REGISTER', line); continue; }
    if (onlyFrom && line.statusId !== statusId && !onlyFrom.has(line.statusId)) {
      reject(ATTENDANCE_MESSAGES.conflict, NOT_PENDING_CONFLICT, line, 'conflict');
      continue;
    }
    if (record.baseVersion !== undefined && record.baseVersion !== line.version) {
      reject(ATTENDANCE_MESSAGES.conflict, 'CONFLICT', line, 'conflict');
      continue;
    }
    // Saving the status a line already has changes nothing, so its version stays.
    if (line.statusId === statusId) {
      outcomes.push({ classId, studentId, outcome: 'applied', statusId, version: line.version });
    } else if (oneByOne) {
      // saveMarks throws unless it wrote every line it was given.
      const version = (await saveMarks(trx, [{ classId, studentId, statusId }], principal.userId)).get(key) as number;
      lines.set(key, { statusId, version });
      outcomes.push({ classId, studentId, outcome: 'applied', statusId, version });
    } else {
      batched.push({ index: outcomes.length, key, mark: { classId, studentId, statusId } });
      outcomes.push({ classId, studentId, outcome: 'applied', statusId, version: null });
    }
  }
  const touched = outcomes.filter((o) => o.outcome === 'applied').map((o) => o.classId);
  const { versions, classes: marked } = await saveMarksAndRefreshClasses(trx, batched.map((b) => b.mark), principal.userId, touched);
  for (const b of batched) (outcomes[b.index] as AttendanceOutcome).version = versions.get(b.key) ?? null;
  return { outcomes, classes: marked };
}

/** Why this record is refused before its line is read (class missing or not the caller's, status, class rules), or null. */
function refusalBeforeLine(principal: Principal, record: AttendanceRecord, cls: MarkingClass | undefined): { message: string; code: string } | null {
  const visible = cls && (principal.isAdmin || (principal.teacherId !== null && cls.teacherId === principal.teacherId));
  if (!cls || !visible) return { message: ATTENDANCE_MESSAGES.classNotFound, code: 'NOT_FOUND' };
  if (!MARKABLE.has(record.statusId)) return { message: ATTENDANCE_MESSAGES.status, code: 'BAD_STATUS' };
  return classRefusal(cls);
}

/**
 * How many of these lines, from the first, can be marked now without waiting for another
 * transaction: their class and line rows are locked here, waiting for nothing. The offline push
 * marks a run of lines only that far, so it never sits on many rows while it waits for one.
 * settings are set for the rest of the transaction by the same statement (set_config(..., true)).
 */
export async function countFreeToMark(trx: Kysely<DB>, lines: LineKey[], settings: Record<string, string> = {}): Promise<number> {
  const held = await heldRegisterRows(trx, lines, settings);
  const first = lines.findIndex((l) => held.classes.has(l.classId) || held.lines.has(lineKey(l)));
  return first < 0 ? lines.length : first;
}
