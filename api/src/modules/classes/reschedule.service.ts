import { type Clash, type ClassItem } from '@rollbook/shared-types/classes';
import { CLOSURE_MESSAGES } from '@rollbook/shared-types/closures';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import { londonDate, londonInstant } from '../../lib/london-time.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import { queueClassChangeEmails } from '../class-emails/class-change-emails.js';
import { closedOnFrom } from '../closures/closures.repository.js';
import { lengthChangeRefusal } from '../courses/course-minutes.js';
import { changeableClass, CLASS_NOT_FOUND, endOf, requireFiveMinuteStep, type ChangeOptions } from './class-guard.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { nextOpenClassDate } from './class-schedule.js';
import { findClashes, findSeries, lockCourseMinutes, type LockedClass, type Slot } from './classes.repository.js';

// Reschedule and move-to-end: callable from the HTTP routes and from the offline sync push, inside
// the caller's transaction or a new one. Refusals are thrown as AppError (status, code, message);
// a double booking comes back as clashes and nothing is written.

export type ChangeOutcome = { kind: 'applied'; classItem: ClassItem } | { kind: 'clashes'; clashes: Clash[] };

export interface RescheduleInput {
  classId: number;
  /** London date 'yyyy-MM-dd' and time 'HH:mm' (5-minute steps). */
  date: string;
  time: string;
  /** New length in minutes; absent keeps it. */
  classLength?: number;
}

export async function rescheduleClass(db: Kysely<DB>, principal: Principal, input: RescheduleInput, options: ChangeOptions = {}): Promise<ChangeOutcome> {
  requireFiveMinuteStep(input.time, 'classDate');
  return inTransaction(db, async (trx) => {
    const found = await changeableClass(trx, principal, input.classId, options);
    const classLength = input.classLength ?? found.classLength;
    if (classLength !== found.classLength) {
      const minutes = await lockCourseMinutes(trx, found.courseId);
      const refusal = minutes && lengthChangeRefusal(minutes, classLength - found.classLength);
      if (refusal) throw ruleViolation(refusal, 'NOT_ENOUGH_MINUTES');
    }
    const startsAt = londonInstant(input.date, input.time);
    return moveTo(trx, principal, found, { startsAt, endsAt: endOf(startsAt, classLength) }, classLength, options);
  });
}

/** Moves the class to the slot after the last class of its series, following the series' schedule and time. */
export async function moveClassToEnd(db: Kysely<DB>, principal: Principal, classId: number, options: ChangeOptions = {}): Promise<ChangeOutcome> {
  return inTransaction(db, async (trx) => {
    const found = await changeableClass(trx, principal, classId, options);
    const series = await findSeries(trx, found.classSeriesId);
    if (!series) throw notFound(CLASS_NOT_FOUND);
    const last = await trx.selectFrom('classes').select((eb) => eb.fn.max('startsAt').as('lastStart'))
      .where('classSeriesId', '=', found.classSeriesId).executeTakeFirstOrThrow();
    const lastDate = londonDate(new Date(last.lastStart ?? found.startsAt));
    // The next slot the school is open: moving a class onto a bank holiday would only move it again.
    const date = nextOpenClassDate(lastDate, series, options.closedOn ?? await closedOnFrom(trx, lastDate));
    if (!date) throw badRequest(CLOSURE_MESSAGES.noOpenDays);
    const startsAt = londonInstant(date, series.startTime);
    return moveTo(trx, principal, found, { startsAt, endsAt: endOf(startsAt, found.classLength) }, found.classLength, options);
  });
}

async function moveTo(trx: Kysely<DB>, principal: Principal, found: LockedClass, slot: Slot, classLength: number, options: ChangeOptions): Promise<ChangeOutcome> {
  if (!options.allowClashes) {
    const clashes = await findClashes(trx, [slot], { teacherId: found.teacherId, roomId: found.roomId, excludeClassIds: [found.classId] });
    if (clashes.length > 0) return { kind: 'clashes', clashes };
  }
  await trx.updateTable('classes')
    .set({ startsAt: slot.startsAt, endsAt: slot.endsAt, classLength })
    .where('classId', '=', found.classId)
    .execute();
  const change = { classId: found.classId, before: found, after: { ...slot, roomId: found.roomId } };
  if (options.emailBatch) options.emailBatch.push(change);
  else await queueClassChangeEmails(trx, [change]);
  const row = await selectClassItems(trx, principal.studentId).where('classes.classId', '=', found.classId).executeTakeFirstOrThrow();
  return { kind: 'applied', classItem: toClassItem(row) };
}
