import { sql } from 'kysely';
import type { Db } from '../../src/db/create-db.js';
import { createLogin, createStudent, createTeacher } from '../helpers/factories.js';
import { createRate } from '../helpers/scheduling-factories.js';
import { enrol, hoursFromNow, newClasses, newCourse } from '../helpers/sync-factories.js';
import { waitFor } from './server-process.js';

// Data and database probes shared by the fault tests.

export interface TeacherAccount {
  userId: number;
  teacherId: number;
  teacherRateId: number;
}

/** A teacher with a pay rate and a user to sign in as. */
export async function teacherAccount(db: Db): Promise<TeacherAccount> {
  const { teacherId } = await createTeacher(db);
  const teacherRateId = await createRate(db, teacherId, 2500);
  const { userId } = await createLogin(db, 'Teacher', teacherId);
  return { userId, teacherId, teacherRateId };
}

/** Classes of an Active course that have already started (so they can be marked), each with the same students on its register. */
export async function startedClassesWithStudents(db: Db, teacher: TeacherAccount, o: { classes: number; students: number }) {
  const courseId = await newCourse(db, { duration: o.classes });
  const starts = Array.from({ length: o.classes }, (_, i) => hoursFromNow(-24 * (i + 1) - 1));
  const classIds = await newClasses(db, { courseId, teacher, starts });
  const studentIds: number[] = [];
  for (let i = 0; i < o.students; i++) studentIds.push((await createStudent(db)).studentId);
  await enrol(db, courseId, studentIds);
  return { courseId, classIds, studentIds };
}

/** Backends of this database (other than the asking one) waiting for a lock: the pids. */
export async function backendsWaitingForLock(db: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`.execute(db);
  return rows.map((r) => r.pid);
}

/** Waits until the backend has gone: its transaction has ended (committed or, for a killed client, rolled back). */
export async function waitForBackendGone(db: Db, pid: number): Promise<void> {
  await waitFor(`backend ${pid} to end`, async () => {
    const { rows } = await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(db);
    return rows.length === 0 ? true : undefined;
  }, 30_000);
}
