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

/** GetByFilter in one query: the filtered classes in start order, with the full count alongside. */
export async function listClasses(db: Kysely<DB>, f: ClassFilter): Promise<{ classes: ClassItem[]; total: number }> {
  let query = selectClassItems(db, f.reportStudentId)
    .select(sql<number>`count(*) over ()`.as('fullCount'));
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
  const rows = await query.orderBy('classes.startsAt').orderBy('classes.classId').limit(CLASS_LIST_LIMIT).execute();
  return { classes: rows.map(toClassItem), total: Number(rows[0]?.fullCount ?? 0) };
}
