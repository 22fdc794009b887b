import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/create-db.js';
import { londonInstant } from '../../src/lib/london-time.js';
import { createStudent, createTeacher, createUser, tokenFor, unique } from './factories.js';

// The school's rows for tests: companies, courses, rates, class series, classes and registers.
// Each call makes its own rows with unique names; the other factories build on these.

/** A subject (unless one is given) and a course level of their own. */
export async function createSubjectAndLevel(db: Db, name = unique('Subject'), subjectId?: number) {
  subjectId ??= (await db.insertInto('subjects').values({ name, color: '#336699' }).returning('subjectId').executeTakeFirstOrThrow()).subjectId;
  const { courseLevelId } = await db.insertInto('courseLevels').values({ name: unique('Level') }).returning('courseLevelId').executeTakeFirstOrThrow();
  return { subjectId, courseLevelId };
}

/** A company with its primary address. */
export async function createCompany(db: Db, overrides: { code?: string; name?: string } = {}) {
  const code = overrides.code ?? unique('C').replace(/[^A-Za-z0-9]/g, '').slice(0, 12).toUpperCase();
  const { companyId } = await db.insertInto('companies').values({ name: overrides.name ?? `${code} Ltd`, code }).returning('companyId').executeTakeFirstOrThrow();
  const { addressId } = await db.insertInto('companyAddresses')
    .values({ companyId, isPrimary: true, address1: '1 High Street', town: 'London', postCode: 'EC1A 1AA' })
    .returning('addressId').executeTakeFirstOrThrow();
  return { companyId, code, addressId, name: overrides.name ?? `${code} Ltd` };
}

export async function createRoom(db: Db, companyId: number, name = unique('Room')) {
  return (await db.insertInto('rooms').values({ name, companyId }).returning('roomId').executeTakeFirstOrThrow()).roomId;
}

export async function createTeacherWithRate(db: Db, ratePence = 3000) {
  const { teacherId } = await createTeacher(db, { firstName: 'Tina', lastName: unique('Tutor'), email: null });
  const teacherRateId = await createRate(db, teacherId, ratePence);
  return { teacherId, teacherRateId };
}

export async function createRate(db: Db, teacherId: number, ratePence = 3000) {
  return (await db.insertInto('teacherRates').values({ teacherId, description: 'Standard', ratePence }).returning('teacherRateId').executeTakeFirstOrThrow()).teacherRateId;
}

export interface CourseOptions {
  /** Its subject; default one of its own. */
  subjectId?: number;
  statusId?: number;
  duration?: number;
  classLengthTemplate?: number;
  typeId?: number;
  companyId?: number | null;
  title?: string;
  description?: string;
  startDate?: string;
  endDate?: string;
}

/** A course with its own subject (unless given), level and (unless null) company; private when it has none. */
export async function createCourse(db: Db, options: CourseOptions = {}) {
  const { subjectId, courseLevelId } = await createSubjectAndLevel(db, undefined, options.subjectId);
  const companyId = options.companyId === undefined ? (await createCompany(db)).companyId : options.companyId;
  const { courseId } = await db.insertInto('courses').values({
    title: options.title ?? unique('Course '), description: options.description ?? 'A test course', subjectId, courseLevelId,
    courseTypeId: options.typeId ?? 1, companyId, private: companyId === null,
    startDate: options.startDate ?? '2026-01-05', endDate: options.endDate ?? '2026-12-31',
    duration: options.duration ?? 10, classLengthTemplate: options.classLengthTemplate ?? 60,
    courseStatusId: options.statusId ?? 2, pricePence: 50000,
  }).returning('courseId').executeTakeFirstOrThrow();
  return { courseId, subjectId, courseLevelId, companyId };
}

export interface SeriesOptions {
  courseId: number;
  teacherId: number;
  teacherRateId: number;
  startDate: string;
  /** London time of day; default 09:00. */
  startTime?: string;
  classLength?: number;
  numberOfClasses?: number;
  roomId?: number | null;
}

export async function createSeries(db: Db, o: SeriesOptions): Promise<number> {
  return (await db.insertInto('classSeries').values({
    courseId: o.courseId, teacherId: o.teacherId, teacherRateId: o.teacherRateId, roomId: o.roomId ?? null, scheduleId: 1,
    startDate: o.startDate, startTime: o.startTime ?? '09:00', classLength: o.classLength ?? 60, numberOfClasses: o.numberOfClasses ?? 1,
  }).returning('classSeriesId').executeTakeFirstOrThrow()).classSeriesId;
}

export interface ClassesOptions extends Omit<SeriesOptions, 'startDate' | 'numberOfClasses'> {
  /** One class per start instant. */
  starts: Date[];
  statusId?: number;
  /** The series they belong to; default one of their own. */
  classSeriesId?: number;
}

const HOUR = 3_600_000;

/** Classes of a course, one per start, in one series of their own unless classSeriesId is given. */
export async function createClasses(db: Db, o: ClassesOptions) {
  const classLength = o.classLength ?? 60;
  const startDate = (o.starts[0] ?? new Date()).toISOString().slice(0, 10);
  const classSeriesId = o.classSeriesId ?? (await createSeries(db, { ...o, startDate, classLength, numberOfClasses: o.starts.length }));
  const rows = await db.insertInto('classes').values(o.starts.map((startsAt) => ({
    classSeriesId, courseId: o.courseId, teacherId: o.teacherId, teacherRateId: o.teacherRateId, roomId: o.roomId ?? null,
    startsAt, endsAt: new Date(startsAt.getTime() + classLength * 60_000), classLength, statusId: o.statusId ?? 1,
  }))).returning('classId').execute();
  return { classSeriesId, classIds: rows.map((row) => row.classId) };
}

export interface ClassOptions extends Omit<ClassesOptions, 'starts'> {
  /** Start instant; default tomorrow at this time. */
  startsAt?: Date;
}

/** One class (in a series of its own unless classSeriesId is given). */
export async function createClass(db: Db, o: ClassOptions) {
  const { classSeriesId, classIds } = await createClasses(db, { ...o, starts: [o.startsAt ?? new Date(Date.now() + 24 * HOUR)] });
  return { classId: classIds[0]!, classSeriesId };
}

/** A student enrolled (or other status) on a course, on the register of the given classes. */
export async function enrol(db: Db, courseId: number, studentId: number, options: { statusId?: number; classIds?: number[]; lineStatusId?: number } = {}) {
  await db.insertInto('enrolments').values({ courseId, studentId, statusId: options.statusId ?? 1 })
    .onConflict((oc) => oc.columns(['courseId', 'studentId']).doUpdateSet({ statusId: options.statusId ?? 1 })).execute();
  const classIds = options.classIds ?? [];
  if (classIds.length === 0) return;
  await db.insertInto('classAttendance').values(classIds.map((classId) => ({ classId, studentId, statusId: options.lineStatusId ?? 1 })))
    .onConflict((oc) => oc.columns(['classId', 'studentId']).doNothing()).execute();
}

/** A teacher's class on a course of their own with one enrolled student: the usual marking target. */
export async function createTeachingSetup(db: Db, o: { teacherId?: number; studentId: number; startsAt?: Date; courseStatusId?: number; classStatusId?: number }) {
  const teacher = o.teacherId
    ? { teacherId: o.teacherId, teacherRateId: await createRate(db, o.teacherId) }
    : await createTeacherWithRate(db);
  const course = await createCourse(db, { statusId: o.courseStatusId ?? 2 });
  const { classId, classSeriesId } = await createClass(db, { ...teacher, courseId: course.courseId, startsAt: o.startsAt, statusId: o.classStatusId });
  await enrol(db, course.courseId, o.studentId, { classIds: [classId] });
  return { ...teacher, ...course, classId, classSeriesId };
}

export const daysFromNow = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * 24 * HOUR);
  return londonInstant(d.toISOString().slice(0, 10), `${String(hour).padStart(2, '0')}:00`);
};

/** Bearer headers for a principal built straight from roles (no password round trip). */
export function bearer(app: FastifyInstance, userId: number, role: 'CompanyAdmin' | 'Teacher' | 'Student', entityId: number | null) {
  return { authorization: `Bearer ${tokenFor(app, userId, role, entityId)}` };
}

export interface Cast {
  teacherId: number;
  teacher2Id: number;
  studentId: number;
  student2Id: number;
  headers: Record<'admin' | 'teacher' | 'teacher2' | 'student', Record<string, string>>;
}

/** An admin, two teachers and a student who can sign in, plus a second student without a login. */
export async function createCast(db: Db, app: FastifyInstance): Promise<Cast> {
  const teacherId = (await createTeacherWithRate(db)).teacherId;
  const teacher2Id = (await createTeacherWithRate(db)).teacherId;
  const { studentId } = await createStudent(db, { firstName: 'Ana' });
  const { studentId: student2Id } = await createStudent(db, { firstName: 'Ben' });
  const admin = await createUser(db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
  const teacher = await createUser(db, { roles: [{ name: 'Teacher', entityId: teacherId }] });
  const teacher2 = await createUser(db, { roles: [{ name: 'Teacher', entityId: teacher2Id }] });
  const student = await createUser(db, { roles: [{ name: 'Student', entityId: studentId }] });
  return {
    teacherId, teacher2Id, studentId, student2Id,
    headers: {
      admin: bearer(app, admin.userId, 'CompanyAdmin', null),
      teacher: bearer(app, teacher.userId, 'Teacher', teacherId),
      teacher2: bearer(app, teacher2.userId, 'Teacher', teacher2Id),
      student: bearer(app, student.userId, 'Student', studentId),
    },
  };
}

let revision = 0;
/** Puts the class in a settlement report (Paid, 6), as raising a report would. */
export async function markPaid(db: Db, classId: number) {
  revision += 1;
  const { paymentHeaderId } = await db.insertInto('paymentHeaders').values({
    title: 'Test settlement', month: 1, year: 2000 + (revision % 150), revision: 1000 + revision + Math.floor(Math.random() * 100_000),
    periodEndDate: '2026-01-31', amountTotalPence: 0,
  }).returning('paymentHeaderId').executeTakeFirstOrThrow();
  await db.updateTable('classes').set({ statusId: 6, paymentHeaderId }).where('classId', '=', classId).execute();
  return paymentHeaderId;
}
