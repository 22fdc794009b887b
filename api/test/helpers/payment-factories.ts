import type { Db } from '../../src/db/create-db.js';
import { createTeacher } from './factories.js';

// Small builders for settlement tests: a course with a class series, teacher rates and classes in
// the states settlement cares about. Times are instants; tests pick them in London time.

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}-${Math.random().toString(36).slice(2, 6)}`;

export interface CourseFixture {
  courseId: number;
  classSeriesId: number;
  teacherId: number;
  teacherRateId: number;
  subjectId: number;
}

export async function createRate(db: Db, teacherId: number, ratePence: number): Promise<number> {
  const row = await db.insertInto('teacherRates').values({ teacherId, description: `Rate ${ratePence}p`, ratePence })
    .returning('teacherRateId').executeTakeFirstOrThrow();
  return row.teacherRateId;
}

/** A private Active course taught by `teacherId` (a new teacher when absent) at `ratePence` an hour. */
export async function createCourseFixture(
  db: Db,
  options: { teacherId?: number; ratePence?: number; title?: string; description?: string; duration?: number; classLengthTemplate?: number; courseStatusId?: number } = {},
): Promise<CourseFixture> {
  const teacherId = options.teacherId ?? (await createTeacher(db)).teacherId;
  const { subjectId } = await db.insertInto('subjects').values({ name: unique('Subject'), color: '#336699' }).returning('subjectId').executeTakeFirstOrThrow();
  const { courseLevelId } = await db.insertInto('courseLevels').values({ name: unique('Level') }).returning('courseLevelId').executeTakeFirstOrThrow();
  const { courseId } = await db.insertInto('courses').values({
    title: options.title ?? unique('Course'), description: options.description ?? 'Evening group', subjectId, courseLevelId, courseTypeId: 1,
    private: true, duration: options.duration ?? 10, classLengthTemplate: options.classLengthTemplate ?? 60,
    courseStatusId: options.courseStatusId ?? 2, startDate: '2026-01-05',
  }).returning('courseId').executeTakeFirstOrThrow();
  const teacherRateId = await createRate(db, teacherId, options.ratePence ?? 2000);
  const { classSeriesId } = await db.insertInto('classSeries').values({
    courseId, teacherId, teacherRateId, scheduleId: 1, startDate: '2026-01-05', startTime: '18:00', classLength: 60, numberOfClasses: 10,
  }).returning('classSeriesId').executeTakeFirstOrThrow();
  return { courseId, classSeriesId, teacherId, teacherRateId, subjectId };
}

/** A class of the fixture's course starting at `startsAt`; Marked (3) unless told otherwise. */
export async function createClass(
  db: Db,
  fixture: CourseFixture,
  options: { startsAt: Date | string; classLength?: number; statusId?: number; teacherRateId?: number },
): Promise<number> {
  const startsAt = new Date(options.startsAt);
  const classLength = options.classLength ?? 60;
  const { classId } = await db.insertInto('classes').values({
    classSeriesId: fixture.classSeriesId, courseId: fixture.courseId, teacherId: fixture.teacherId,
    teacherRateId: options.teacherRateId ?? fixture.teacherRateId, startsAt, endsAt: new Date(startsAt.getTime() + classLength * 60_000),
    classLength, statusId: options.statusId ?? 3,
  }).returning('classId').executeTakeFirstOrThrow();
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
      amountTotalPence: lines.reduce((s, l) => s + l.amountPence, 0), createdBy: options.createdBy ?? null,
    }).returning('paymentHeaderId').executeTakeFirstOrThrow();
    await trx.insertInto('paymentLines').values(lines.map((l) => ({
      paymentHeaderId, classId: l.classId, teacherId: l.teacherId, courseId: l.courseId, teacherRateId: l.teacherRateId,
      classStartsAt: l.classStartsAt, classLength: l.classLength, ratePence: l.ratePence, amountPence: l.amountPence,
    }))).execute();
    await trx.updateTable('classes').set({ statusId: 6, paymentHeaderId }).where('classId', 'in', classIds).execute();
    return paymentHeaderId;
  });
}
