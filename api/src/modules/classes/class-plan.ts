import { CLOSURE_MESSAGES, type ClassPlan, type SkippedDate } from '@rollbook/shared-types/closures';
import type { GenerateClassesRequest } from '@rollbook/shared-types/classes';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { dmy } from '../../lib/london-time.js';
import { closedOnFrom } from '../closures/closures.repository.js';
import { courseExists } from '../courses/courses.repository.js';
import { classDates, type ScheduleRule } from './class-schedule.js';
import { findScheduleRule } from './classes.repository.js';

/**
 * The dates of a series the generator would make: the schedule's slots from the start date, less
 * the closure days (which are said, with the closure's name). Refuses when closures leave too few.
 */
export async function planDates(db: Db, req: GenerateClassesRequest, schedule: ScheduleRule): Promise<{ dates: string[]; skipped: SkippedDate[] }> {
  const closedOn = await closedOnFrom(db, req.startDateString);
  const plan = classDates(req.startDateString, req.numberOfClasses, req.dayWeekId ? req.dayWeekId : null, schedule, closedOn);
  if (plan.dates.length < req.numberOfClasses) throw badRequest(CLOSURE_MESSAGES.noOpenDays, { startDateString: [CLOSURE_MESSAGES.noOpenDays] });
  return { dates: plan.dates, skipped: plan.skipped.map((slot) => ({ date: slot.date, dateString: dmy(slot.date), closureName: slot.closureName })) };
}

/** What GenerateClasses would do with this request's dates, writing nothing (the form asks before creating). */
export async function planClasses(db: Db, req: GenerateClassesRequest): Promise<ClassPlan> {
  if (!(await courseExists(db, req.courseId))) throw notFound('Course not found');
  const schedule = await findScheduleRule(db, req.scheduleId);
  if (!schedule) throw badRequest('Please select a schedule', { scheduleId: ['Please select a schedule'] });
  const { dates, skipped } = await planDates(db, req, schedule);
  return { dates, dateStrings: dates.map(dmy), skipped };
}
