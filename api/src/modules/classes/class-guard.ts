import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { parseTime } from '@rollbook/shared-types/dates';
import { isLockedClassStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { badRequest, conflict, notFound, ruleViolation } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import type { ClassChange } from '../class-emails/class-change-emails.js';
import type { ClosedOn } from './class-schedule.js';
import { lockClass, type LockedClass } from './classes.repository.js';

export const MINUTE_MS = 60_000;

export interface ChangeOptions {
  /** Go ahead although the teacher or the room is already booked. */
  allowClashes?: boolean;
  /** The class version the caller last saw (offline edits); a newer one is a conflict. */
  baseVersion?: number;
  /**
   * A caller changing many classes in one action gathers their changes here and queues the e-mails
   * once (queueClassChangeEmails), so each student gets one e-mail; absent, the change is e-mailed at once.
   */
  emailBatch?: ClassChange[];
  /**
   * Which closure shuts each date from the caller's first class on (closures.repository
   * closedOnFrom): a caller moving many classes reads the closures once; absent, a move reads them.
   */
  closedOn?: ClosedOn;
}

/**
 * The class a change is about, locked: missing and not-yours are the same 404; a Marked or Paid
 * class is refused; a stale baseVersion is a 409 conflict.
 */
export async function changeableClass(db: Kysely<DB>, principal: Principal, classId: number, options: ChangeOptions = {}): Promise<LockedClass> {
  const found = await lockClass(db, classId);
  const mine = found && (principal.isAdmin || (principal.teacherId !== null && found.teacherId === principal.teacherId));
  if (!found || !mine) throw notFound(CLASS_NOT_FOUND);
  if (options.baseVersion !== undefined && options.baseVersion !== found.version) {
    throw conflict('This class was changed by someone else since you loaded it');
  }
  if (isLockedClassStatus(found.statusId)) throw ruleViolation(CLASS_MESSAGES.markedOrPaid, 'CLASS_LOCKED');
  return found;
}

export const CLASS_NOT_FOUND = 'Class not found';

/** Class times come from pickers in 5-minute steps. */
export function requireFiveMinuteStep(time: string, field = 'time'): void {
  const parsed = parseTime(time);
  if (!parsed || parsed.minute % 5 !== 0) throw badRequest(CLASS_MESSAGES.fiveMinutes, { [field]: [CLASS_MESSAGES.fiveMinutes] });
}

export const endOf = (startsAt: Date, classLength: number): Date => new Date(startsAt.getTime() + classLength * MINUTE_MS);
