import { ATTENDANCE_MESSAGES, type AttendanceOutcome, type AttendanceRecord, type MarkedClass, type UpdateAttendanceResponse } from '@rollbook/shared-types/attendance';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import { lockClassesForMarking, lockRegisterLine, refreshClassStatus, saveMark } from './attendance.repository.js';

/** What users may set: attended, absent, or back to pending. */
const MARKABLE = new Set([1, 2, 5]);

type MarkingClass = Awaited<ReturnType<typeof lockClassesForMarking>>[number];

/** Why this class can not be marked now, or null. */
function classRefusal(cls: MarkingClass): { message: string; code: string } | null {
  if (cls.courseStatusId === 1) return { message: ATTENDANCE_MESSAGES.draft, code: 'COURSE_DRAFT' };
  if (cls.courseStatusId === 4) return { message: ATTENDANCE_MESSAGES.archived, code: 'COURSE_ARCHIVED' };
  if (cls.courseStatusId === 5) return { message: ATTENDANCE_MESSAGES.suspended, code: 'COURSE_SUSPENDED' };
  if (cls.statusId === 6) return { message: ATTENDANCE_MESSAGES.paid, code: 'CLASS_PAID' };
  if (cls.statusId === 4 || cls.statusId === 5) return { message: ATTENDANCE_MESSAGES.classNotMarkable, code: 'CLASS_NOT_MARKABLE' };
  if (cls.notStarted) return { message: ATTENDANCE_MESSAGES.notStarted, code: 'CLASS_NOT_STARTED' };
  return null;
}

export interface MarkOptions {
  /**
   * Every record applies or none does: the first refusal is thrown (404 for a class that is not
   * there or not yours, 409 for a conflict, else 400 with the spec's message), rolling back.
   */
  allOrNothing?: boolean;
}

/**
 * Applies attendance marks with every rule, record by record, in the caller's transaction (or a
 * new one) and reports each record's outcome: applied with the line's new version, rejected with
 * the reason, or conflict when baseVersion is stale. Without allOrNothing it never throws for a
 * refused record, so the offline sync push can call it for one mutation and store the outcome.
 * Touched classes get their status recomputed.
 */
export async function markAttendance(db: Kysely<DB>, principal: Principal, records: AttendanceRecord[], options: MarkOptions = {}): Promise<UpdateAttendanceResponse> {
  return inTransaction(db, async (trx) => {
    const result = await applyMarks(trx, principal, records);
    const refused = options.allOrNothing ? result.outcomes.find((o) => o.outcome !== 'applied') : undefined;
    if (refused) {
      const status = refused.code === 'NOT_FOUND' ? 404 : refused.outcome === 'conflict' ? 409 : 400;
      const index = result.outcomes.indexOf(refused);
      throw new AppError(status, refused.code ?? 'RULE_VIOLATION', refused.message ?? 'Attendance was not saved', { [`${index}`]: [refused.message ?? ''] });
    }
    return result;
  });
}

async function applyMarks(trx: Kysely<DB>, principal: Principal, records: AttendanceRecord[]): Promise<UpdateAttendanceResponse> {
  const classIds = [...new Set(records.map((r) => r.classId))].sort((a, b) => a - b);
  const classes = new Map((await lockClassesForMarking(trx, classIds)).map((c) => [c.classId, c]));
  const outcomes: AttendanceOutcome[] = [];
  const touched = new Set<number>();

  for (const record of records) {
    const { classId, studentId, statusId } = record;
    const reject = (message: string, code: string, current: { statusId: number; version: number } | undefined = undefined, outcome: 'rejected' | 'conflict' = 'rejected') =>
      outcomes.push({ classId, studentId, outcome, statusId: current?.statusId ?? null, version: current?.version ?? null, message, code });

    const cls = classes.get(classId);
    const visible = cls && (principal.isAdmin || (principal.teacherId !== null && cls.teacherId === principal.teacherId));
    if (!cls || !visible) { reject(ATTENDANCE_MESSAGES.classNotFound, 'NOT_FOUND'); continue; }
    if (!MARKABLE.has(statusId)) { reject(ATTENDANCE_MESSAGES.status, 'BAD_STATUS'); continue; }
    const refusal = classRefusal(cls);
    if (refusal) { reject(refusal.message, refusal.code); continue; }
    const line = await lockRegisterLine(trx, classId, studentId);
    if (!line || line.statusId === 0) { reject(ATTENDANCE_MESSAGES.notOnRegister, 'NOT_ON_REGISTER', line); continue; }
    if (record.baseVersion !== undefined && record.baseVersion !== line.version) {
      reject(ATTENDANCE_MESSAGES.conflict, 'CONFLICT', line, 'conflict');
      continue;
    }
    // Saving the status a line already has changes nothing, so its version stays.
    const version = line.statusId === statusId ? line.version : await saveMark(trx, { classId, studentId, statusId, userId: principal.userId });
    outcomes.push({ classId, studentId, outcome: 'applied', statusId, version });
    touched.add(classId);
  }

  const marked: MarkedClass[] = [];
  for (const classId of [...touched].sort((a, b) => a - b)) marked.push(await refreshClassStatus(trx, classId));
  return { outcomes, classes: marked };
}
