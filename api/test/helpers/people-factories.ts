import type { RoleName } from '@rollbook/shared-types/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/create-db.js';
import { createLogin, createTeacher, tokenFor, unique } from './factories.js';
import { createClass, createCourse, createRate, enrol } from './scheduling-factories.js';

// Small builders for the people-and-access tests: people with their details, a class that ties a
// teacher to students, and tokens for any role.

export async function createSubject(db: Db, name = unique('Subject '), color = '#1E88E5') {
  return db.insertInto('subjects').values({ name, color }).returning(['subjectId', 'name', 'color']).executeTakeFirstOrThrow();
}

export async function createNationality(db: Db, name = unique('Nation ')) {
  return db.insertInto('nationalities').values({ name }).returning(['nationalityId', 'name']).executeTakeFirstOrThrow();
}

export async function createAvatar(db: Db) {
  return db.insertInto('avatars').values({ imageName: `${unique('avatar')}-{size}.png`, gender: 'neutral' }).returning(['avatarId', 'imageName']).executeTakeFirstOrThrow();
}

/** A teacher (createTeacher) with a standard rate of 2,500p an hour. */
export async function createTeacherRecord(db: Db, values: Parameters<typeof createTeacher>[1] = {}) {
  const teacher = await createTeacher(db, values);
  return { ...teacher, teacherRateId: await createRate(db, teacher.teacherId, 2500) };
}

/** A one-class course taught by the teacher with the students enrolled (status 1) and on the register. */
export async function createClassFor(
  db: Db,
  teacher: { teacherId: number; teacherRateId: number },
  studentIds: number[],
  options: { courseStatusId?: number; attendanceStatusId?: number; subjectId?: number } = {},
) {
  const { courseId, subjectId } = await createCourse(db, { subjectId: options.subjectId, duration: 1, statusId: options.courseStatusId, endDate: '2026-12-20' });
  const { classId, classSeriesId } = await createClass(db, { ...teacher, courseId, startsAt: new Date('2026-03-02T10:00:00Z'), startTime: '10:00' });
  for (const studentId of studentIds) await enrol(db, courseId, studentId, { classIds: [classId], lineStatusId: options.attendanceStatusId });
  return { courseId, classId, classSeriesId, subjectId };
}

/** A login for a person with the given role, linked from their record; answers the user and a token. */
export async function loginFor(
  app: FastifyInstance,
  db: Db,
  role: RoleName,
  entityId: number | null,
  options: { username?: string; password?: string } = {},
) {
  const user = await createLogin(db, role, entityId, options);
  const token = tokenFor(app, user.userId, role, entityId);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/** Row count of a table: "nothing was written" checks compare it before and after. */
export async function countRows(db: Db, table: 'students' | 'teachers' | 'teacherRates' | 'teacherSubjects' | 'notes' | 'files' | 'users' | 'userRoles' | 'verificationCodes' | 'gdprConsents') {
  const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
