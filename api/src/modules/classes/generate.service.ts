import { CLASS_MESSAGES, type Clash, type GenerateClassesRequest, type GenerateClassesResponse } from '@rollbook/shared-types/classes';
import { AttendanceStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import { isoWeekday, londonInstant } from '../../lib/london-time.js';
import { generateRefusal } from '../courses/course-minutes.js';
import { endOf, requireFiveMinuteStep } from './class-guard.js';
import { selectClassItems, toClassItem } from './class-query.js';
import { planDates } from './class-plan.js';
import { findClashes, findScheduleRule, lockCourseMinutes, rateBelongsTo, roomExists, teacherExists } from './classes.repository.js';
import { rebuildCourseTitle } from './course-title.repository.js';

export type GenerateOutcome = { kind: 'created'; result: GenerateClassesResponse } | { kind: 'clashes'; clashes: Clash[] };

/**
 * Creates a series and its classes (spec §2.4) in one transaction: refuses when the course's
 * minutes would be overrun, answers with the clashes (writing nothing) unless allowed, puts the
 * enrolled students on every new register and rebuilds the course title.
 */
export async function generateClasses(db: Db, req: GenerateClassesRequest): Promise<GenerateOutcome> {
  requireFiveMinuteStep(req.time);
  return db.transaction().execute(async (trx) => {
    const minutes = await lockCourseMinutes(trx, req.courseId);
    if (!minutes) throw notFound('Course not found');

    const fieldErrors: Record<string, string[]> = {};
    if (!(await teacherExists(trx, req.teacherId))) fieldErrors.teacherId = ['Please select a teacher'];
    else if (!(await rateBelongsTo(trx, req.teacherRateId, req.teacherId))) fieldErrors.teacherRateId = [CLASS_MESSAGES.rateNotTeachers];
    const schedule = await findScheduleRule(trx, req.scheduleId);
    if (!schedule) fieldErrors.scheduleId = ['Please select a schedule'];
    const roomId = req.roomId ? req.roomId : null;
    if (roomId !== null && !(await roomExists(trx, roomId))) fieldErrors.roomId = ['Please select a room'];
    const first = Object.values(fieldErrors)[0]?.[0];
    if (first || !schedule) throw badRequest(first ?? 'Please select a schedule', fieldErrors);

    const refusal = generateRefusal(minutes, req.numberOfClasses, req.classLength);
    if (refusal) throw ruleViolation(refusal, 'NOT_ENOUGH_MINUTES');

    const { dates, skipped } = await planDates(trx, req, schedule);
    const slots = dates.map((date) => {
      const startsAt = londonInstant(date, req.time);
      return { startsAt, endsAt: endOf(startsAt, req.classLength) };
    });
    if (!req.allowClashes) {
      const clashes = await findClashes(trx, slots, { teacherId: req.teacherId, roomId, excludeClassIds: [] });
      if (clashes.length > 0) return { kind: 'clashes', clashes };
    }

    const firstDate = dates[0] as string;
    const { classSeriesId } = await trx.insertInto('classSeries').values({
      courseId: req.courseId, teacherId: req.teacherId, teacherRateId: req.teacherRateId, roomId,
      scheduleId: req.scheduleId, dayWeekId: req.dayWeekId ? req.dayWeekId : isoWeekday(firstDate),
      startDate: firstDate, startTime: req.time, classLength: req.classLength, numberOfClasses: req.numberOfClasses,
    }).returning('classSeriesId').executeTakeFirstOrThrow();
    await trx.insertInto('classes').values(slots.map((slot) => ({
      classSeriesId, courseId: req.courseId, teacherId: req.teacherId, teacherRateId: req.teacherRateId, roomId,
      startsAt: slot.startsAt, endsAt: slot.endsAt, classLength: req.classLength,
    }))).execute();
    // Every enrolled student goes on the register of every new class, pending.
    await sql`insert into class_attendance (class_id, student_id, status_id)
      select c.class_id, e.student_id, ${sql.lit(AttendanceStatus.Pending)} from classes c
      join enrolments e on e.course_id = c.course_id and e.status_id = ${sql.lit(EnrolmentStatus.Enrolled)}
      where c.class_series_id = ${classSeriesId}
      on conflict do nothing`.execute(trx);

    const title = await rebuildCourseTitle(trx, req.courseId);
    const rows = await selectClassItems(trx).where('classes.classSeriesId', '=', classSeriesId).orderBy('classes.startsAt').execute();
    return { kind: 'created', result: { classSeriesId, title, classes: rows.map(toClassItem), skipped } };
  });
}
