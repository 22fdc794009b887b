import { CLASS_PAGE_SIZE, type ClassItem, type ClassListQuery, type ClassListResponse, type ClassSeries } from '@rollbook/shared-types/classes';
import { LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import type { Db } from '../../db/create-db.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { inTransaction } from '../../lib/transaction.js';
import { dmy, periodAround } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { answerWithList, type JsonText } from '../../plugins/response-serializer.js';
import { queueClassChangeEmails } from '../class-emails/class-change-emails.js';
import { courseExists } from '../courses/courses.repository.js';
import { changeableClass, CLASS_NOT_FOUND } from './class-guard.js';
import { dateRange, listClasses } from './class-list.repository.js';
import { classOrder, pageClasses } from './class-page.repository.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { classScope, courseScope } from './class-scope.js';
import { listSeries } from './classes.repository.js';

/**
 * GetByFilter. A teacher sees their own classes (naming another teacher is refused), a student the
 * classes they are on the register of (naming another student is refused).
 */
export async function getClassList(db: Db, principal: Principal, q: ClassListQuery, now = new Date()): Promise<ClassListResponse | JsonText> {
  let { teacherId, studentId } = q;
  if (!principal.isAdmin) {
    if (principal.teacherId !== null) {
      if (teacherId !== undefined && teacherId !== principal.teacherId) throw forbidden('You can only see your own classes');
      teacherId = principal.teacherId;
    } else if (principal.studentId !== null) {
      if (studentId !== undefined && studentId !== principal.studentId) throw forbidden('You can only see your own classes');
      studentId = principal.studentId;
    }
  }
  const period = q.timePeriod ? periodAround(q.timePeriod, q.dateMultiplier, now) : null;
  const picked = dateRange(q.startDate, q.endDate);
  // Period and dates together: the classes in both.
  const from = latest(period?.from, picked.from);
  const to = earliest(period?.to, picked.to);
  const datesSelected = period ? period.label
    : q.startDate && q.endDate ? `${dmy(q.startDate)} - ${dmy(q.endDate)}`
      : q.startDate ? `From ${dmy(q.startDate)}` : q.endDate ? `Until ${dmy(q.endDate)}` : '';

  const filter = {
    ...q, teacherId, studentId, ...(from ? { from } : {}), ...(to ? { to } : {}),
    reportStudentId: principal.studentId ?? studentId ?? null,
  };
  const p = pageRequest(q, { sort: 'date', pageSize: CLASS_PAGE_SIZE });
  if (p.paged) {
    // The classes come as PostgreSQL wrote them; the rest of the answer is put around them.
    const { classesJson, total, studentTotal, next } = await pageClasses(db, filter, { ...p, after: q.after });
    return answerWithList('classes', classesJson, { datesSelected, studentTotal, ...pageInfo(p, total), next });
  }
  const { classesJson, total, studentTotal } = await listClasses(db, filter, q.sort ? classOrder(p.sort, p.dir) : undefined);
  return answerWithList('classes', classesJson, { datesSelected, total, studentTotal });
}

const latest = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b));
const earliest = (a?: Date, b?: Date) => (a && b ? (a < b ? a : b) : (a ?? b));

export async function getClassById(db: Db, principal: Principal, classId: number): Promise<ClassItem> {
  const row = await selectClassItems(db, principal.studentId)
    .where('classes.classId', '=', classId)
    .where(classScope(principal))
    .executeTakeFirst();
  if (!row) throw notFound(CLASS_NOT_FOUND);
  return toClassItem(row);
}

/** Classes of a course the caller may see: all for admins, a teacher's own, a student's own. */
export async function getClassesByCourse(db: Db, principal: Principal, courseId: number): Promise<ClassItem[]> {
  const course = await db.selectFrom('courses').select('courseId').where('courseId', '=', courseId).where(courseScope(principal)).executeTakeFirst();
  if (!course) throw notFound('Course not found');
  const rows = await selectClassItems(db, principal.studentId)
    .where('classes.courseId', '=', courseId)
    .where(classScope(principal))
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .execute();
  return rows.map(toClassItem);
}

export async function getSeriesByCourse(db: Db, courseId: number): Promise<ClassSeries[]> {
  if (!(await courseExists(db, courseId))) throw notFound('Course not found');
  return listSeries(db, courseId);
}

export interface ClassRemovalOptions {
  /** The caller already queued this cancellation's e-mail with the rest of a bulk change (before any register went). */
  studentsTold?: boolean;
}

/** Deletes one class (not Marked or Paid); an emptied series goes with it. In the caller's transaction, if given one. */
export async function deleteClass(db: Db, principal: Principal, classId: number, options: ClassRemovalOptions = {}): Promise<{ deleted: number; skipped: number }> {
  return inTransaction(db, async (trx) => {
    const found = await changeableClass(trx, principal, classId);
    // Deleting a class cancels it for its students; told before its register goes with it.
    if (!options.studentsTold) await queueClassChangeEmails(trx, [{ classId: found.classId, before: found, after: null }]);
    await trx.deleteFrom('classes').where('classId', '=', found.classId).execute();
    await deleteSeriesIfEmpty(trx, found.classSeriesId);
    return { deleted: 1, skipped: 0 };
  });
}

/**
 * Deletes the class's series. Marked and Paid classes are kept (and counted as skipped) rather
 * than refusing the whole delete: what was taught and paid stays on record.
 */
export async function deleteSeriesByClass(db: Db, principal: Principal, classId: number): Promise<{ deleted: number; skipped: number }> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('classes').select('classSeriesId').where('classId', '=', classId).executeTakeFirst();
    if (!found || !principal.isAdmin) throw notFound(CLASS_NOT_FOUND);
    const cancelled = await trx.selectFrom('classes').select(['classId', 'startsAt', 'endsAt', 'roomId'])
      .where('classSeriesId', '=', found.classSeriesId).where('statusId', 'not in', LOCKED_CLASS_STATUSES)
      .forUpdate().execute();
    await queueClassChangeEmails(trx, cancelled.map((c) => ({ classId: c.classId, before: c, after: null })));
    const deleted = await trx.deleteFrom('classes')
      .where('classSeriesId', '=', found.classSeriesId).where('statusId', 'not in', LOCKED_CLASS_STATUSES)
      .executeTakeFirst();
    const kept = await trx.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('classSeriesId', '=', found.classSeriesId).executeTakeFirstOrThrow();
    await deleteSeriesIfEmpty(trx, found.classSeriesId);
    return { deleted: Number(deleted.numDeletedRows), skipped: Number(kept.n) };
  });
}

async function deleteSeriesIfEmpty(db: Db, classSeriesId: number): Promise<void> {
  await db.deleteFrom('classSeries').where('classSeriesId', '=', classSeriesId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('classes').select('classId').where('classSeriesId', '=', classSeriesId))))
    .execute();
}
