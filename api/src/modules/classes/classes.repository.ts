import type { Clash, ClassSeries } from '@rollbook/shared-types/classes';
import { showDate } from '@rollbook/shared-types/display-dates';
import { LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { CourseMinutes } from '../courses/course-minutes.js';
import type { ScheduleRule } from './class-schedule.js';

/** A class as the change rules need it, locked for the rest of the transaction. */
export async function lockClass(db: Kysely<DB>, classId: number) {
  return db
    .selectFrom('classes')
    .select(['classId', 'courseId', 'classSeriesId', 'teacherId', 'teacherRateId', 'roomId', 'startsAt', 'endsAt', 'classLength', 'statusId', 'version'])
    .where('classId', '=', classId)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedClass = NonNullable<Awaited<ReturnType<typeof lockClass>>>;

/**
 * The course's minutes, with the course row locked: two people generating or lengthening classes
 * of one course at once are served one after the other, so neither can overrun the minutes.
 */
export async function lockCourseMinutes(db: Kysely<DB>, courseId: number): Promise<LockedCourseMinutes | undefined> {
  return (await lockCoursesMinutes(db, [courseId])).get(courseId);
}

export type LockedCourseMinutes = CourseMinutes & { courseStatusId: number };

/**
 * lockCourseMinutes for several courses in two statements, whatever their number: the rows are
 * locked in id order (two callers locking overlapping courses never wait for each other in a
 * cycle), then the minutes are summed, after the locks are held, so that a generator that held
 * one of them has committed its classes by then (a sum in the locking statement would read its
 * snapshot from before the wait).
 */
export async function lockCoursesMinutes(db: Kysely<DB>, courseIds: number[]): Promise<Map<number, LockedCourseMinutes>> {
  const ids = [...new Set(courseIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const courses = await db
    .selectFrom('courses')
    .select(['courseId', 'duration', 'classLengthTemplate', 'courseStatusId'])
    .where('courseId', 'in', ids)
    .orderBy('courseId')
    .forUpdate()
    .execute();
  if (courses.length === 0) return new Map();
  const totals = await db
    .selectFrom('classes')
    .select(['courseId', sql<number>`coalesce(sum(class_length), 0)::int`.as('total')])
    .where('courseId', 'in', courses.map((c) => c.courseId))
    .groupBy('courseId')
    .execute();
  const totalOf = new Map(totals.map((t) => [t.courseId, t.total]));
  return new Map(courses.map(({ courseId, ...course }) => [courseId, { ...course, totalClassLength: totalOf.get(courseId) ?? 0 }]));
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/** Classes already holding the teacher or the room during any of the slots. */
export async function findClashes(
  db: Kysely<DB>,
  slots: Slot[],
  who: { teacherId: number; roomId: number | null; excludeClassIds: number[] },
): Promise<Clash[]> {
  if (slots.length === 0) return [];
  const starts = slots.map((s) => s.startsAt.toISOString());
  const ends = slots.map((s) => s.endsAt.toISOString());
  const exclude = who.excludeClassIds.length > 0 ? who.excludeClassIds : [0];
  const result = await sql<{
    kind: 'teacher' | 'room'; classId: number; courseId: number; course: string; teacher: string; room: string | null;
    startsAt: Date; endsAt: Date; classDateString: string; classDatesCombined: string;
  }>`
    select distinct on (c.class_id, kind.kind) kind.kind, c.class_id, c.course_id, co.title as course,
           t.first_name || ' ' || t.last_name as teacher, r.name as room, c.starts_at, c.ends_at,
           to_char(c.starts_at at time zone 'Europe/London', 'DD/MM/YYYY') as class_date_string,
           to_char(c.starts_at at time zone 'Europe/London', 'HH24:MI') || ' - ' ||
             to_char(c.ends_at at time zone 'Europe/London', 'HH24:MI') as class_dates_combined
    from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as slot(starts_at, ends_at)
    join classes c on c.starts_at < slot.ends_at and c.ends_at > slot.starts_at
    cross join lateral (
      select 'teacher' as kind where c.teacher_id = ${who.teacherId}
      union all
      select 'room' where c.room_id is not null and c.room_id = ${who.roomId}
    ) kind
    join courses co on co.course_id = c.course_id
    join teachers t on t.teacher_id = c.teacher_id
    left join rooms r on r.room_id = c.room_id
    where (c.teacher_id = ${who.teacherId} or c.room_id = ${who.roomId})
      and c.class_id <> all(${exclude}::int[])
    order by c.class_id, kind.kind
    limit 200`.execute(db);
  return result.rows
    .map((r) => ({ ...r, startsAt: new Date(r.startsAt).toISOString(), endsAt: new Date(r.endsAt).toISOString() }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The rate must be one of the teacher's. */
export async function rateBelongsTo(db: Kysely<DB>, teacherRateId: number, teacherId: number): Promise<boolean> {
  const row = await db.selectFrom('teacherRates').select('teacherRateId')
    .where('teacherRateId', '=', teacherRateId).where('teacherId', '=', teacherId).executeTakeFirst();
  return row !== undefined;
}

export async function teacherExists(db: Kysely<DB>, teacherId: number): Promise<boolean> {
  return (await db.selectFrom('teachers').select('teacherId').where('teacherId', '=', teacherId).executeTakeFirst()) !== undefined;
}

export async function roomExists(db: Kysely<DB>, roomId: number): Promise<boolean> {
  return (await db.selectFrom('rooms').select('roomId').where('roomId', '=', roomId).executeTakeFirst()) !== undefined;
}

/** A schedule's rule (days between classes, weekdays only); undefined for no such schedule. */
export async function findScheduleRule(db: Kysely<DB>, scheduleId: number): Promise<ScheduleRule | undefined> {
  return db.selectFrom('schedules').select(['intervalDays', 'weekdaysOnly']).where('scheduleId', '=', scheduleId).executeTakeFirst();
}

/** A series with its schedule rule and London start time. */
export async function findSeries(db: Kysely<DB>, classSeriesId: number) {
  return db
    .selectFrom('classSeries')
    .innerJoin('schedules', 'schedules.scheduleId', 'classSeries.scheduleId')
    .select(['classSeries.classSeriesId', 'classSeries.courseId', 'classSeries.startTime', 'classSeries.dayWeekId', 'schedules.intervalDays', 'schedules.weekdaysOnly'])
    .where('classSeries.classSeriesId', '=', classSeriesId)
    .executeTakeFirst();
}

export async function listSeries(db: Kysely<DB>, courseId: number): Promise<ClassSeries[]> {
  const rows = await db
    .selectFrom('classSeries as s')
    .innerJoin('teachers as t', 't.teacherId', 's.teacherId')
    .innerJoin('teacherRates as tr', 'tr.teacherRateId', 's.teacherRateId')
    .innerJoin('schedules as sc', 'sc.scheduleId', 's.scheduleId')
    .leftJoin('rooms as r', 'r.roomId', 's.roomId')
    .leftJoin('dayWeeks as d', 'd.dayWeekId', 's.dayWeekId')
    .select((eb) => [
      's.classSeriesId', 's.courseId', 's.teacherId', 's.teacherRateId', 's.roomId', 's.scheduleId', 's.dayWeekId',
      's.startDate', 's.startTime as time', 's.classLength', 's.numberOfClasses',
      sql<string>`t.first_name || ' ' || t.last_name`.as('teacher'),
      'tr.description as teacherRate', 'r.name as room', 'sc.name as schedule', 'd.name as dayWeek',
      eb.selectFrom('classes as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.classSeriesId', '=', 's.classSeriesId').as('classCount'),
      eb.selectFrom('classes as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.classSeriesId', '=', 's.classSeriesId')
        .where('c.statusId', 'in', LOCKED_CLASS_STATUSES).as('markedCount'),
    ])
    .where('s.courseId', '=', courseId)
    .orderBy('s.startDate')
    .orderBy('s.classSeriesId')
    .execute();
  return rows.map(({ startDate, ...r }) => ({
    ...r,
    seriesId: r.classSeriesId,
    startDateString: showDate(startDate),
    classCount: r.classCount ?? 0,
    markedCount: r.markedCount ?? 0,
  }));
}
