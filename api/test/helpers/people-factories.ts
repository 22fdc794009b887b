import type { RoleName } from '@rollbook/shared-types/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/create-db.js';
import { createUser } from './factories.js';

// Small builders for the people-and-access tests: schools, people, a class that ties a teacher to
// students, and tokens for any role.

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

export async function createCompany(db: Db, name = unique('Company ')) {
  return db
    .insertInto('companies')
    .values({ name, code: unique('C').replace(/[^A-Za-z0-9-]/g, '').slice(0, 20) })
    .returning(['companyId', 'name'])
    .executeTakeFirstOrThrow();
}

export async function createSubject(db: Db, name = unique('Subject '), color = '#1E88E5') {
  return db.insertInto('subjects').values({ name, color }).returning(['subjectId', 'name', 'color']).executeTakeFirstOrThrow();
}

export async function createNationality(db: Db, name = unique('Nation ')) {
  return db.insertInto('nationalities').values({ name }).returning(['nationalityId', 'name']).executeTakeFirstOrThrow();
}

export async function createAvatar(db: Db) {
  return db.insertInto('avatars').values({ imageName: `${unique('avatar')}-{size}.png`, gender: 'neutral' }).returning(['avatarId', 'imageName']).executeTakeFirstOrThrow();
}

export async function createStudentRecord(
  db: Db,
  values: { firstName?: string; lastName?: string; email?: string | null; companyId?: number | null; userId?: number | null } = {},
) {
  return db
    .insertInto('students')
    .values({
      firstName: values.firstName ?? 'Sam',
      lastName: values.lastName ?? unique('Student'),
      email: values.email === undefined ? `${unique('student')}@example.test` : values.email,
      companyId: values.companyId ?? null,
      userId: values.userId ?? null,
    })
    .returning(['studentId', 'firstName', 'lastName', 'email'])
    .executeTakeFirstOrThrow();
}

export async function createTeacherRecord(db: Db, values: { firstName?: string; lastName?: string; email?: string | null; active?: boolean } = {}) {
  const teacher = await db
    .insertInto('teachers')
    .values({
      firstName: values.firstName ?? 'Tess',
      lastName: values.lastName ?? unique('Teacher'),
      email: values.email === undefined ? `${unique('teacher')}@example.test` : values.email,
      active: values.active ?? true,
    })
    .returning(['teacherId', 'firstName', 'lastName', 'email'])
    .executeTakeFirstOrThrow();
  const rate = await db
    .insertInto('teacherRates')
    .values({ teacherId: teacher.teacherId, description: 'Standard', ratePence: 2500 })
    .returning('teacherRateId')
    .executeTakeFirstOrThrow();
  return { ...teacher, teacherRateId: rate.teacherRateId };
}

/** A one-class course taught by the teacher with the students enrolled (status 1) and on the register. */
export async function createClassFor(
  db: Db,
  teacher: { teacherId: number; teacherRateId: number },
  studentIds: number[],
  options: { courseStatusId?: number; attendanceStatusId?: number; subjectId?: number } = {},
) {
  const subjectId = options.subjectId ?? (await createSubject(db)).subjectId;
  const level = await db.insertInto('courseLevels').values({ name: unique('Level ') }).returning('courseLevelId').executeTakeFirstOrThrow();
  const company = await createCompany(db);
  const course = await db
    .insertInto('courses')
    .values({
      title: unique('Course '), subjectId, courseLevelId: level.courseLevelId, courseTypeId: 1, companyId: company.companyId,
      duration: 1, classLengthTemplate: 60, courseStatusId: options.courseStatusId ?? 2, startDate: '2026-01-05', endDate: '2026-12-20',
    })
    .returning('courseId')
    .executeTakeFirstOrThrow();
  const series = await db
    .insertInto('classSeries')
    .values({
      courseId: course.courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId, scheduleId: 1,
      startDate: '2026-03-02', startTime: '10:00', classLength: 60, numberOfClasses: 1,
    })
    .returning('classSeriesId')
    .executeTakeFirstOrThrow();
  const cls = await db
    .insertInto('classes')
    .values({
      classSeriesId: series.classSeriesId, courseId: course.courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId,
      startsAt: new Date('2026-03-02T10:00:00Z'), endsAt: new Date('2026-03-02T11:00:00Z'), classLength: 60,
    })
    .returning('classId')
    .executeTakeFirstOrThrow();
  for (const studentId of studentIds) {
    await db.insertInto('enrolments').values({ courseId: course.courseId, studentId, statusId: 1 }).execute();
    await db.insertInto('classAttendance').values({ classId: cls.classId, studentId, statusId: options.attendanceStatusId ?? 1 }).execute();
  }
  return { courseId: course.courseId, classId: cls.classId, classSeriesId: series.classSeriesId, subjectId };
}

/** A login for a person with the given role, linked from their record; answers the user and a token. */
export async function loginFor(
  app: FastifyInstance,
  db: Db,
  role: RoleName,
  entityId: number | null,
  options: { username?: string; password?: string } = {},
) {
  const user = await createUser(db, { roles: [{ name: role, entityId }], ...options });
  if (role === 'Teacher' && entityId !== null) await db.updateTable('teachers').set({ userId: user.userId }).where('teacherId', '=', entityId).execute();
  if (role === 'Student' && entityId !== null) await db.updateTable('students').set({ userId: user.userId }).where('studentId', '=', entityId).execute();
  const token = app.signToken({ sub: String(user.userId), roles: [{ name: role, entityId }] });
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/** Row count of a table: "nothing was written" checks compare it before and after. */
export async function countRows(db: Db, table: 'students' | 'teachers' | 'teacherRates' | 'teacherSubjects' | 'notes' | 'files' | 'users' | 'userRoles' | 'verificationCodes' | 'gdprConsents') {
  const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
