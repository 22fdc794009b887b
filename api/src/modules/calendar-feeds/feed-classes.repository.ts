import { CourseStatus, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { onRegisterOf } from '../classes/class-status.js';

/** One class as a calendar event needs it. */
export interface FeedClass {
  classId: number;
  startsAt: Date;
  endsAt: Date;
  /** Bumped by every change of the class (the tracking trigger): the event's SEQUENCE. */
  version: number;
  updatedAt: Date;
  courseTitle: string;
  subject: string;
  level: string;
  room: string | null;
  address: string | null;
  teacherName: string;
}

export interface FeedOwner {
  teacherId: number | null;
  studentId: number | null;
}

// Left out: classes not taught (Archived, Suspended) and those of Draft or Suspended courses. A
// class that is deleted, suspended or moved out of the window simply leaves the feed; calendar
// apps treat a subscription as a snapshot and drop events that are no longer in it.
const HIDDEN_COURSE_STATUSES = [CourseStatus.Draft, CourseStatus.Suspended];

/** The owner's classes between `from` and `to` (by start): a teacher's own, a student's on-register ones. */
export async function feedClasses(db: Db, owner: FeedOwner, from: Date, to: Date): Promise<FeedClass[]> {
  return db.selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .leftJoin('rooms', 'rooms.roomId', 'classes.roomId')
    .select([
      'classes.classId', 'classes.startsAt', 'classes.endsAt', 'classes.version', 'classes.updatedAt',
      'courses.title as courseTitle', 'subjects.name as subject', 'courseLevels.name as level',
      'rooms.name as room', 'courses.definedAddress as address',
      sql<string>`trim(teachers.first_name || ' ' || teachers.last_name)`.as('teacherName'),
    ])
    .where('classes.startsAt', '>=', from)
    .where('classes.startsAt', '<', to)
    .where('classes.statusId', 'not in', [...NOT_TAUGHT_CLASS_STATUSES])
    .where('courses.courseStatusId', 'not in', HIDDEN_COURSE_STATUSES)
    .where((eb) => {
      const mine = [];
      if (owner.teacherId !== null) mine.push(eb('classes.teacherId', '=', owner.teacherId));
      if (owner.studentId !== null) mine.push(onRegisterOf(eb, owner.studentId));
      return mine.length > 0 ? eb.or(mine) : eb.val(false);
    })
    .orderBy('classes.startsAt')
    .orderBy('classes.classId')
    .execute();
}
