import type { Db } from '../../src/db/create-db.js';
import { createTeacher } from './factories.js';
import { createClass as createScheduledClass, createCourse, createRate, createSeries } from './scheduling-factories.js';

// Settlement's view of the school: a course with a class series, teacher rates and classes in the
// states settlement cares about. Times are instants; tests pick them in London time.

export interface CourseFixture {
  courseId: number;
  classSeriesId: number;
  teacherId: number;
  teacherRateId: number;
  subjectId: number;
}

/** A private Active course taught by `teacherId` (a new teacher when absent) at `ratePence` an hour. */
export async function createCourseFixture(
  db: Db,
  options: { teacherId?: number; ratePence?: number; title?: string; description?: string; duration?: number; classLengthTemplate?: number; courseStatusId?: number } = {},
): Promise<CourseFixture> {
  const teacherId = options.teacherId ?? (await createTeacher(db)).teacherId;
  const { courseId, subjectId } = await createCourse(db, {
    companyId: null, title: options.title, description: options.description ?? 'Evening group',
    duration: options.duration, classLengthTemplate: options.classLengthTemplate, statusId: options.courseStatusId,
  });
  const teacherRateId = await createRate(db, teacherId, options.ratePence ?? 2000);
  const classSeriesId = await createSeries(db, { courseId, teacherId, teacherRateId, startDate: '2026-01-05', startTime: '18:00', numberOfClasses: 10 });
  return { courseId, classSeriesId, teacherId, teacherRateId, subjectId };
}

/** A class of the fixture's course starting at `startsAt`; Marked (3) unless told otherwise. */
export async function createClass(
  db: Db,
  fixture: CourseFixture,
  options: { startsAt: Date | string; classLength?: number; statusId?: number; teacherRateId?: number },
): Promise<number> {
  const { classId } = await createScheduledClass(db, {
    ...fixture, teacherRateId: options.teacherRateId ?? fixture.teacherRateId,
    startsAt: new Date(options.startsAt), classLength: options.classLength, statusId: options.statusId ?? 3,
  });
  return classId;
}

/** A teacher with one marked class, ready to raise: for tests that need a fresh report to act on. */
export async function createTeacherWithMarkedClass(db: Db, options: { teacherId?: number; startsAt?: string; ratePence?: number } = {}) {
  const fixture = await createCourseFixture(db, { ...(options.teacherId ? { teacherId: options.teacherId } : {}), ratePence: options.ratePence ?? 1735 });
  const classId = await createClass(db, fixture, { startsAt: options.startsAt ?? '2026-03-10T18:00:00Z', classLength: 50 });
  return { ...fixture, classId };
}

/**
 * Writes a settlement report for the given classes straight into the tables (no API), priced as
 * the API prices them, so access and listing tests have a report to look at.
 */
export async function insertReport(db: Db, classIds: number[], options: { periodEndDate?: string; createdBy?: number | null } = {}): Promise<number> {
  const periodEndDate = options.periodEndDate ?? '2026-03-31';
  const [year, month] = periodEndDate.split('-').map(Number) as [number, number];
  return db.transaction().execute(async (trx) => {
    const classes = await trx.selectFrom('classes').innerJoin('teacherRates', 'teacherRates.teacherRateId', 'classes.teacherRateId')
      .select(['classes.classId', 'classes.teacherId', 'classes.courseId', 'classes.teacherRateId', 'classes.startsAt', 'classes.classLength', 'teacherRates.ratePence'])
      .where('classes.classId', 'in', classIds).execute();
    const lines = classes.map((c) => ({ ...c, classStartsAt: c.startsAt, amountPence: Math.round((c.classLength * c.ratePence) / 60) }));
    const { next } = await trx.selectFrom('paymentHeaders').select((eb) => eb.fn.coalesce(eb.fn.max('revision'), eb.lit(0)).as('next'))
      .where('year', '=', year).where('month', '=', month).executeTakeFirstOrThrow();
    const { paymentHeaderId } = await trx.insertInto('paymentHeaders').values({
      title: `Test report ${year}-${month}`, month, year, revision: Number(next) + 1, periodEndDate,
      amountTotalPence: lines.reduce((s, l) => s + l.amountPence, 0), classCount: lines.length, teacherCount: new Set(lines.map((l) => l.teacherId)).size,
      createdBy: options.createdBy ?? null,
    }).returning('paymentHeaderId').executeTakeFirstOrThrow();
    await trx.insertInto('paymentLines').values(lines.map((l) => ({
      paymentHeaderId, classId: l.classId, teacherId: l.teacherId, courseId: l.courseId, teacherRateId: l.teacherRateId,
      classStartsAt: l.classStartsAt, classLength: l.classLength, ratePence: l.ratePence, amountPence: l.amountPence,
    }))).execute();
    await trx.updateTable('classes').set({ statusId: 6, paymentHeaderId }).where('classId', 'in', classIds).execute();
    return paymentHeaderId;
  });
}
