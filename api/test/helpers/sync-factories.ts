import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MutationEnvelope, PullResponse, PushResponse } from '@rollbook/shared-types/sync';
import type { Db } from '../../src/db/create-db.js';
import type { Principal } from '../../src/plugins/auth.js';
import { createStudent, createTeacher } from './factories.js';
import { loginFor } from './people-factories.js';
import { createClasses, createCourse, createRate, enrol as enrolOne } from './scheduling-factories.js';

// The sync tests' view of the school: people signed in as principals, and courses, classes and
// registers built by the scheduling factories.

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
  const { userId, token } = await loginFor(app, db, role, entityId);
  return { userId, principal: principalOf(userId, role, entityId), token };
}

export async function newTeacher(app: FastifyInstance, db: Db): Promise<Person & { teacherId: number; teacherRateId: number }> {
  const { teacherId } = await createTeacher(db);
  const teacherRateId = await createRate(db, teacherId, 2500);
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
  const { courseId } = await createCourse(db, {
    companyId: null, statusId: options.status, duration: options.duration ?? 40, classLengthTemplate: options.classLength,
  });
  return courseId;
}

/** Classes of a course for a teacher, one per start, in one weekly series. */
export async function newClasses(db: Db, o: { courseId: number; teacher: { teacherId: number; teacherRateId: number }; starts: Date[]; classLength?: number }): Promise<number[]> {
  const { classIds } = await createClasses(db, { ...o.teacher, courseId: o.courseId, starts: o.starts, classLength: o.classLength, startTime: '10:00' });
  return classIds;
}

/** Enrols the students (status 1) and puts them, pending, on the register of every class of the course. */
export async function enrol(db: Db, courseId: number, studentIds: number[]): Promise<void> {
  const classes = await db.selectFrom('classes').select('classId').where('courseId', '=', courseId).execute();
  for (const studentId of studentIds) await enrolOne(db, courseId, studentId, { classIds: classes.map((c) => c.classId) });
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
