import { CLASS_MESSAGES, type ApplyToSeriesRequest, type ClassItem, type UpdateClassRequest } from '@rollbook/shared-types/classes';
import { isLockedClassStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { DB } from '../../db/database.js';
import { badRequest, ruleViolation } from '../../lib/app-error.js';
import { londonDate, londonInstant, londonTime } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { queueClassChangeEmails } from '../class-emails/class-change-emails.js';
import { lengthChangeRefusal } from '../courses/course-minutes.js';
import { changeableClass, endOf, requireFiveMinuteStep } from './class-guard.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { findClashes, lockCourseMinutes, rateBelongsTo, roomExists, teacherExists } from './classes.repository.js';
import type { ChangeOutcome } from './reschedule.service.js';

interface Assignment {
  teacherId: number;
  teacherRateId: number;
  roomId: number | null;
}

/** Teacher, rate and room after a change, checked: the rate must be the teacher's. */
async function checkAssignment(db: Kysely<DB>, current: Assignment, change: { teacherId?: number; teacherRateId?: number; roomId?: number | null }): Promise<Assignment> {
  const next: Assignment = {
    teacherId: change.teacherId ?? current.teacherId,
    teacherRateId: change.teacherRateId ?? current.teacherRateId,
    roomId: change.roomId === undefined ? current.roomId : change.roomId || null,
  };
  if (next.teacherId !== current.teacherId && !(await teacherExists(db, next.teacherId))) {
    throw badRequest('Please select a teacher', { teacherId: ['Please select a teacher'] });
  }
  if (!(await rateBelongsTo(db, next.teacherRateId, next.teacherId))) {
    throw badRequest(CLASS_MESSAGES.rateNotTeachers, { teacherRateId: [CLASS_MESSAGES.rateNotTeachers] });
  }
  if (next.roomId !== null && next.roomId !== current.roomId && !(await roomExists(db, next.roomId))) {
    throw badRequest('Please select a room', { roomId: ['Please select a room'] });
  }
  return next;
}

async function refuseIfOverrun(db: Kysely<DB>, courseId: number, extraMinutes: number): Promise<void> {
  if (extraMinutes <= 0) return;
  const minutes = await lockCourseMinutes(db, courseId);
  const refusal = minutes && lengthChangeRefusal(minutes, extraMinutes);
  if (refusal) throw ruleViolation(refusal, 'NOT_ENOUGH_MINUTES');
}

/** updateclass: teacher, rate, room, length, date and time of one class (admin). */
export async function updateClass(db: Db, principal: Principal, req: UpdateClassRequest): Promise<ChangeOutcome> {
  if (req.time) requireFiveMinuteStep(req.time);
  return db.transaction().execute(async (trx) => {
    const found = await changeableClass(trx, principal, req.classId);
    const next = await checkAssignment(trx, found, req);
    const classLength = req.classLength ?? found.classLength;
    await refuseIfOverrun(trx, found.courseId, classLength - found.classLength);
    const startsAt = londonInstant(req.classDateString ?? londonDate(found.startsAt), req.time ?? londonTime(found.startsAt));
    const endsAt = endOf(startsAt, classLength);
    if (!req.allowClashes) {
      const clashes = await findClashes(trx, [{ startsAt, endsAt }], { ...next, excludeClassIds: [found.classId] });
      if (clashes.length > 0) return { kind: 'clashes', clashes };
    }
    await trx.updateTable('classes').set({ ...next, classLength, startsAt, endsAt }).where('classId', '=', found.classId).execute();
    await queueClassChangeEmails(trx, [{ classId: found.classId, before: found, after: { startsAt, endsAt, roomId: next.roomId } }]);
    const row = await selectClassItems(trx).where('classes.classId', '=', found.classId).executeTakeFirstOrThrow();
    return { kind: 'applied', classItem: toClassItem(row) };
  });
}

export type SeriesOutcome =
  | { kind: 'applied'; classSeriesId: number; updated: number; skipped: number; classes: ClassItem[] }
  | Extract<ChangeOutcome, { kind: 'clashes' }>;

/**
 * applyToSeries: the class's series gets the new teacher, rate, room, length and time on every
 * class that is not Marked or Paid (those are skipped and counted); the series keeps the new
 * values for later moves to the end.
 */
export async function applyToSeries(db: Db, principal: Principal, req: ApplyToSeriesRequest): Promise<SeriesOutcome> {
  if (req.time) requireFiveMinuteStep(req.time);
  return db.transaction().execute(async (trx) => {
    const found = await changeableClass(trx, principal, req.classId);
    const series = await trx.selectFrom('classes')
      .select(['classId', 'teacherId', 'teacherRateId', 'roomId', 'startsAt', 'endsAt', 'classLength', 'statusId'])
      .where('classSeriesId', '=', found.classSeriesId).orderBy('startsAt').forUpdate().execute();
    const open = series.filter((c) => !isLockedClassStatus(c.statusId));
    const next = await checkAssignment(trx, found, req);
    const classLength = req.classLength ?? found.classLength;
    await refuseIfOverrun(trx, found.courseId, open.reduce((sum, c) => sum + classLength - c.classLength, 0));

    const changes = open.map((c) => {
      const startsAt = req.time ? londonInstant(londonDate(c.startsAt), req.time) : c.startsAt;
      return { classId: c.classId, startsAt, endsAt: endOf(startsAt, classLength), before: c };
    });
    if (!req.allowClashes) {
      const clashes = await findClashes(trx, changes, { ...next, excludeClassIds: series.map((c) => c.classId) });
      if (clashes.length > 0) return { kind: 'clashes', clashes };
    }
    for (const change of changes) {
      await trx.updateTable('classes').set({ ...next, classLength, startsAt: change.startsAt, endsAt: change.endsAt })
        .where('classId', '=', change.classId).execute();
    }
    // One e-mail per student for the whole series, not one per class.
    await queueClassChangeEmails(trx, changes.map((c) => ({ classId: c.classId, before: c.before, after: { startsAt: c.startsAt, endsAt: c.endsAt, roomId: next.roomId } })));
    await trx.updateTable('classSeries')
      .set({ ...next, classLength, ...(req.time ? { startTime: req.time } : {}) })
      .where('classSeriesId', '=', found.classSeriesId).execute();
    const rows = await selectClassItems(trx).where('classes.classSeriesId', '=', found.classSeriesId).orderBy('classes.startsAt').execute();
    return { kind: 'applied', classSeriesId: found.classSeriesId, updated: changes.length, skipped: series.length - changes.length, classes: rows.map(toClassItem) };
  });
}
