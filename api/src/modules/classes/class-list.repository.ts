import { CLASS_LIST_LIMIT, type ClassItem, type ClassListQuery } from '@rollbook/shared-types/classes';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { derivedClassStatusIs, onRegisterOf } from './class-status.js';

export interface ClassFilter extends Omit<ClassListQuery, 'timePeriod' | 'dateMultiplier' | 'startDate' | 'endDate'> {
  /** Half-open range of start instants. */
  from?: Date;
  to?: Date;
  /** Whose attendance status to report as classStudentStatusId. */
  reportStudentId: number | null;
}

/** Start-date filters as instants: London midnight of startDate to the midnight after endDate. */
export function dateRange(startDate: string | undefined, endDate: string | undefined): { from?: Date; to?: Date } {
  return {
    ...(startDate ? { from: londonDayStart(startDate) } : {}),
    ...(endDate ? { to: londonDayStart(addDays(endDate, 1)) } : {}),
  };
}

/**
 * GetByFilter. The filters pick the page of class ids (with the full count) using the classes'
 * indexes; only that page then gets names, London-time strings and register sizes, so a broad
 * filter never computes them for tens of thousands of classes.
 */
export async function listClasses(db: Kysely<DB>, f: ClassFilter): Promise<{ classes: ClassItem[]; total: number }> {
  const page = await filtered(db, f)
    .select(['classes.classId', sql<number>`count(*) over ()`.as('fullCount')])
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .limit(CLASS_LIST_LIMIT)
    .execute();
  if (page.length === 0) return { classes: [], total: 0 };
  const rows = await selectClassItems(db, f.reportStudentId)
    // One array parameter, not one per id: the statement text stays the same for every page, so
    // it is prepared once per connection (see db/create-db.ts) instead of planned per request.
    .where((eb) => eb('classes.classId', '=', eb.fn.any(eb.val(page.map((p) => p.classId)))))
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .execute();
  return { classes: rows.map(toClassItem), total: Number(page[0]?.fullCount ?? 0) };
}

function filtered(db: Kysely<DB>, f: ClassFilter) {
  let query = db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId');
  if (f.teacherId !== undefined) query = query.where('classes.teacherId', '=', f.teacherId);
  if (f.courseId !== undefined) query = query.where('classes.courseId', '=', f.courseId);
  if (f.paymentHeaderId !== undefined) query = query.where('classes.paymentHeaderId', '=', f.paymentHeaderId);
  if (f.studentId !== undefined) {
    const studentId = f.studentId;
    query = query.where((eb) => onRegisterOf(eb, studentId));
  }
  if (f.from) query = query.where('classes.startsAt', '>=', f.from);
  if (f.to) query = query.where('classes.startsAt', '<', f.to);
  if (f.ExcludePaid) query = query.where('classes.statusId', '<>', 6);
  if (f.showRemainingOnly) query = query.where('classes.startsAt', '>', sql<Date>`now()`);
  if (f.subjectId !== undefined) query = query.where('courses.subjectId', '=', f.subjectId);
  if (f.levelId !== undefined) query = query.where('courses.courseLevelId', '=', f.levelId);
  if (f.statusId !== undefined) query = query.where(derivedClassStatusIs(f.statusId));
  if (f.title) {
    const pattern = `%${f.title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<string>`lower(courses.title)`, 'like', pattern);
  }
  return query;
}
