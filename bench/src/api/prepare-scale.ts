import type { PullResponse } from '@rollbook/shared-types/sync';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../api/src/db/create-db.js';
import { markAttendance } from '../../../api/src/modules/attendance/attendance.service.js';
import { ensureTeacherLogins } from './bench-teachers.js';
import type { PathContext } from './hot-paths.js';
import { markableLines, PhoneFactory, phoneSlots } from './push-lines.js';
import { signIn } from './sign-in.js';

// Everything the hot paths need from one scale's database and running API, found in the data
// rather than assumed: the sign-ins, a busy subject, the push phones, the pull cursor.

async function busiestSubject(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject_id: number }>(
      `select subject_id from courses where course_status_id = 2 group by subject_id order by count(*) desc, subject_id limit 1`);
    return rows[0]?.subject_id ?? 1;
  } finally {
    await client.end();
  }
}

/** A full pull takes the cursor; then the admin changes one mark in the teacher's classes. */
async function cursorBeforeOneChange(baseUrl: string, url: string, db: Db, ctx: Pick<PathContext, 'admin' | 'teacher'>): Promise<string> {
  const res = await fetch(`${baseUrl}/api/sync/pull?clientId=${randomUUID()}`, { headers: { authorization: `Bearer ${ctx.teacher.token}` } });
  if (!res.ok) throw new Error(`The teacher's first pull answered ${res.status}: ${await res.text()}`);
  const { cursor } = (await res.json()) as PullResponse;
  const [line] = await markableLines(url, ctx.teacher.principal.teacherId ?? 0, 1);
  if (!line) throw new Error('The demo teacher has no started class to change');
  const current = await db.selectFrom('classAttendance').select('statusId').where('classId', '=', line.classId).where('studentId', '=', line.studentId).executeTakeFirstOrThrow();
  await markAttendance(db, ctx.admin.principal, [{ ...line, statusId: current.statusId === 2 ? 5 : 2 }]);
  return cursor;
}

export async function prepareScale(baseUrl: string, url: string, db: Db, pool: pg.Pool, connections: number): Promise<PathContext> {
  const admin = await signIn(baseUrl, 'admin');
  const teacher = await signIn(baseUrl, 'teacher');
  const subjectId = await busiestSubject(url);
  // A phone per teacher for every connection, and a few more: the phones of one run (the warm-up,
  // the measured run, the service's, the ideal's) take the slots in turn, each another teacher.
  const logins = await ensureTeacherLogins(url, connections + 8);
  const teachers = [];
  for (const login of logins) {
    const signedIn = await signIn(baseUrl, login.username);
    teachers.push({ teacher: signedIn, lines: await markableLines(url, login.teacherId, 50) });
  }
  const phones = new PhoneFactory(phoneSlots(teachers));
  const pullCursor = await cursorBeforeOneChange(baseUrl, url, db, { admin, teacher });
  return { db, pool, admin, teacher, subjectId, phones, pullCursor };
}
