import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus } from '../classes/class-status.js';

/** The classes being marked with what the rules need, locked in id order (no deadlocks between two markers). */
export async function lockClassesForMarking(db: Kysely<DB>, classIds: number[]) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .select(['classes.classId', 'classes.teacherId', 'classes.statusId', 'courses.courseStatusId', sql<boolean>`classes.starts_at > now()`.as('notStarted')])
    .where('classes.classId', 'in', classIds)
    .orderBy('classes.classId')
    .forUpdate('classes')
    .execute();
}

export async function lockRegisterLine(db: Kysely<DB>, classId: number, studentId: number) {
  return db.selectFrom('classAttendance').select(['statusId', 'version'])
    .where('classId', '=', classId).where('studentId', '=', studentId).forUpdate().executeTakeFirst();
}

export async function saveMark(db: Kysely<DB>, line: { classId: number; studentId: number; statusId: number; userId: number; isOverride?: boolean }): Promise<number> {
  const marked = line.statusId !== 1;
  const row = await db.updateTable('classAttendance')
    .set({
      statusId: line.statusId,
      isOverride: line.isOverride ?? false,
      markedAt: marked ? sql<Date>`now()` : null,
      markedBy: marked ? line.userId : null,
    })
    .where('classId', '=', line.classId).where('studentId', '=', line.studentId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * After marking: a class whose register has lines and none pending is stored as Marked (3), else
 * back to 1 (shown as Requires marking once it has ended). Lines at 0 "not enrolled" do not count.
 * Paid, archived and suspended classes keep their status.
 */
export async function refreshClassStatus(db: Kysely<DB>, classId: number): Promise<{ classId: number; seriesStatusId: number; allMarked: boolean; version: number }> {
  const counts = await db.selectFrom('classAttendance')
    .select([
      sql<number>`count(*) filter (where status_id <> 0)::int`.as('lines'),
      sql<number>`count(*) filter (where status_id = 1)::int`.as('pending'),
    ])
    .where('classId', '=', classId)
    .executeTakeFirstOrThrow();
  const allMarked = counts.lines > 0 && counts.pending === 0;
  await db.updateTable('classes')
    .set({ statusId: allMarked ? 3 : 1 })
    .where('classId', '=', classId)
    .where('statusId', 'in', [1, 2, 3])
    .execute();
  const cls = await db.selectFrom('classes').select([derivedClassStatus().as('seriesStatusId'), 'version'])
    .where('classId', '=', classId).executeTakeFirstOrThrow();
  return { classId, seriesStatusId: cls.seriesStatusId, allMarked, version: cls.version };
}
