import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MutationEnvelope, PullResponse, PushResponse } from '@rollbook/shared-types/sync';
import type { Db } from '../../src/db/create-db.js';
import type { Principal } from '../../src/plugins/auth.js';
import { createStudent, createTeacher, createUser } from './factories.js';

// A small school for the sync tests: courses, classes, registers, and the people signed in to them.

let counter = 0;
const next = () => ++counter;
const HOUR = 3_600_000;

export interface Person {
  userId: number;
  principal: Principal;
  /** Bearer token for app.inject. */
  token: string;
}

function principalOf(userId: number, role: 'Teacher' | 'Student' | 'CompanyAdmin', entityId: number | null): Principal {
  return {
    userId, roles: [{ name: role, entityId }], isAdmin: role === 'CompanyAdmin',
    teacherId: role === 'Teacher' ? entityId : null, studentId: role === 'Student' ? entityId : null,
  };
}

export async function signIn(app: FastifyInstance, db: Db, role: 'Teacher' | 'Student' | 'CompanyAdmin', entityId: number | null): Promise<Person> {
  const { userId } = await createUser(db, { roles: [{ name: role, entityId }] });
  if (role === 'Teacher' && entityId !== null) await db.updateTable('teachers').set({ userId }).where('teacherId', '=', entityId).execute();
  if (role === 'Student' && entityId !== null) await db.updateTable('students').set({ userId }).where('studentId', '=', entityId).execute();
  return { userId, principal: principalOf(userId, role, entityId), token: app.signToken({ sub: String(userId), roles: [{ name: role, entityId }] }) };
}

export async function newTeacher(app: FastifyInstance, db: Db): Promise<Person & { teacherId: number; teacherRateId: number }> {
  const { teacherId } = await createTeacher(db);
  const { teacherRateId } = await db.insertInto('teacherRates').values({ teacherId, description: 'Standard', ratePence: 2500 })
    .returning('teacherRateId').executeTakeFirstOrThrow();
  return { ...(await signIn(app, db, 'Teacher', teacherId)), teacherId, teacherRateId };
}

export async function newStudent(app: FastifyInstance, db: Db): Promise<Person & { studentId: number }> {
  const { studentId } = await createStudent(db);
  return { ...(await signIn(app, db, 'Student', studentId)), studentId };
}

export async function newAdmin(app: FastifyInstance, db: Db): Promise<Person> {
  return signIn(app, db, 'CompanyAdmin', null);
}

/** Status: 1 Draft, 2 Active. 40 classes of 60 minutes bought, private (no company). */
export async function newCourse(db: Db, options: { status?: number; duration?: number; classLength?: number } = {}): Promise<number> {
  const n = next();
  const { subjectId } = await db.insertInto('subjects').values({ name: `Subject ${n} ${randomUUID().slice(0, 6)}`, color: '#336699' })
    .returning('subjectId').executeTakeFirstOrThrow();
  const { courseLevelId } = await db.insertInto('courseLevels').values({ name: `Level ${n} ${randomUUID().slice(0, 6)}` })
    .returning('courseLevelId').executeTakeFirstOrThrow();
  const { courseId } = await db.insertInto('courses').values({
    title: `Course ${n}`, subjectId, courseLevelId, courseTypeId: 1, private: true,
    duration: options.duration ?? 40, classLengthTemplate: options.classLength ?? 60, courseStatusId: options.status ?? 2,
  }).returning('courseId').executeTakeFirstOrThrow();
  return courseId;
}

/** Classes of a course for a teacher, one per start, in one weekly series. */
export async function newClasses(db: Db, o: { courseId: number; teacher: { teacherId: number; teacherRateId: number }; starts: Date[]; classLength?: number }): Promise<number[]> {
  const classLength = o.classLength ?? 60;
  const first = o.starts[0] ?? new Date();
  const { classSeriesId } = await db.insertInto('classSeries').values({
    courseId: o.courseId, teacherId: o.teacher.teacherId, teacherRateId: o.teacher.teacherRateId, scheduleId: 1,
    startDate: first.toISOString().slice(0, 10), startTime: '10:00', classLength, numberOfClasses: o.starts.length,
  }).returning('classSeriesId').executeTakeFirstOrThrow();
  const rows = await db.insertInto('classes').values(o.starts.map((startsAt) => ({
    classSeriesId, courseId: o.courseId, teacherId: o.teacher.teacherId, teacherRateId: o.teacher.teacherRateId,
    startsAt, endsAt: new Date(startsAt.getTime() + classLength * 60_000), classLength,
  }))).returning('classId').execute();
  return rows.map((r) => r.classId);
}

/** Enrols the students (status 1) and puts them, pending, on the register of every class of the course. */
export async function enrol(db: Db, courseId: number, studentIds: number[]): Promise<void> {
  if (studentIds.length === 0) return;
  await db.insertInto('enrolments').values(studentIds.map((studentId) => ({ courseId, studentId, statusId: 1 }))).execute();
  const classes = await db.selectFrom('classes').select('classId').where('courseId', '=', courseId).execute();
  if (classes.length === 0) return;
  await db.insertInto('classAttendance')
    .values(classes.flatMap((c) => studentIds.map((studentId) => ({ classId: c.classId, studentId, statusId: 1 }))))
    .execute();
}

/** Whole hours from now, on the hour (class times are in 5-minute steps). */
export function hoursFromNow(hours: number, now = new Date()): Date {
  const onTheHour = Math.floor(now.getTime() / HOUR) * HOUR;
  return new Date(onTheHour + hours * HOUR);
}

export function mutation(seq: number, name: MutationEnvelope['name'], args: unknown, baseVersion = 1, madeAt = new Date()): MutationEnvelope {
  return { mutationId: randomUUID(), seq, name, args, baseVersion, madeAt: madeAt.toISOString() };
}

export async function push(app: FastifyInstance, who: Person, clientId: string, mutations: MutationEnvelope[]) {
  const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${who.token}` }, payload: { clientId, mutations } });
  return { statusCode: res.statusCode, body: res.json() as PushResponse & { message?: string } };
}

export async function pull(app: FastifyInstance, who: Person, clientId: string, since?: string) {
  const query = new URLSearchParams({ clientId, ...(since ? { since } : {}) });
  const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${query}`, headers: { authorization: `Bearer ${who.token}` } });
  return { statusCode: res.statusCode, body: res.json() as PullResponse & { message?: string } };
}

export async function line(db: Db, classId: number, studentId: number) {
  return db.selectFrom('classAttendance').select(['statusId', 'version']).where('classId', '=', classId).where('studentId', '=', studentId).executeTakeFirstOrThrow();
}
