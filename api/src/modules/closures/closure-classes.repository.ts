import { CLOSURE_MAX_CLASSES, type ClosureClass } from '@rollbook/shared-types/closures';
import { isLockedClassStatus, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { selectClassItems } from '../classes/class-query.js';

/** A class on a closure's dates: what the admin is shown, and what the save needs to move or cancel it. */
export interface ClassOnClosure extends ClosureClass {
  startsAt: Date;
  endsAt: Date;
  roomId: number | null;
  classLength: number;
}

/**
 * The classes held from the first to the last day inclusive (London days), in time order, at most
 * CLOSURE_MAX_CLASSES + 1 (the caller refuses more). Archived and Suspended classes are left out:
 * they are not taught, so a closure changes nothing for them.
 */
export async function classesOnDates(db: Kysely<DB>, fromDate: string, toDate: string): Promise<ClassOnClosure[]> {
  const rows = await selectClassItems(db)
    .select('classes.statusId')
    .where('classes.startsAt', '>=', londonDayStart(fromDate))
    .where('classes.startsAt', '<', londonDayStart(addDays(toDate, 1)))
    .where('classes.statusId', 'not in', NOT_TAUGHT_CLASS_STATUSES)
    .orderBy('classes.startsAt').orderBy('classes.classId')
    .limit(CLOSURE_MAX_CLASSES + 1)
    .execute();
  return rows.map((row) => ({
    classId: row.classId,
    courseId: row.courseId,
    course: row.course,
    teacher: row.teacher,
    classDateString: row.classDateString,
    weekday: row.weekday,
    classDatesCombined: `${row.time} - ${row.classEndTime}`,
    studentCount: row.studentCount ?? 0,
    seriesStatusId: row.seriesStatusId,
    canMove: !isLockedClassStatus(row.statusId),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    roomId: row.roomId,
    classLength: row.classLength,
  }));
}
