import { randomUUID } from 'node:crypto';
import type { MutationEnvelope, PullResponse, PushResponse } from '@rollbook/shared-types/sync';
import { sql } from 'kysely';
import type { Db } from '../src/db/create-db.js';
import { hashPassword } from '../src/lib/password.js';
import { hoursFromNow } from '../test/helpers/sync-factories.js';

// Simulated teachers' phones at 9 a.m., shared by the 300-teacher load test (one server) and the
// cluster test (three servers behind nginx). Each phone, in a loop, pushes 20 marks (its own
// installation, seq in order, the base version it last saw) and then pulls what changed since its
// cursor. Afterwards `checkExactlyOnce` says whether any mark was lost or applied twice.

export const CLASSES_PER_TEACHER = 3;
export const STUDENTS_PER_TEACHER = 10;
export const MARKS_PER_PUSH = 20;
const REQUEST_TIMEOUT_MS = 120_000;

interface Line {
  classId: number;
  studentId: number;
  /** What the phone last set, the version it last saw, and how many marks it made on the line. */
  statusId: 1 | 2 | 5;
  version: number;
  marks: number;
}

export interface Phone {
  userId: number;
  teacherId: number;
  clientId: string;
  token: string;
  lines: Line[];
  seq: number;
  next: number;
  cursor?: string;
}

export type Teacher = Omit<Phone, 'clientId' | 'token' | 'seq' | 'next'>;

/** `teachers` teachers, each with a course of three started classes and ten students on every register: a few bulk inserts. */
export async function createSchool(db: Db, teachers: number): Promise<Teacher[]> {
  const tag = randomUUID().slice(0, 8);
  const passwordHash = await hashPassword('load-test-password');
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const { subjectId } = await db.insertInto('subjects').values({ name: `Load ${tag}`, color: '#336699' }).returning('subjectId').executeTakeFirstOrThrow();
  const { courseLevelId } = await db.insertInto('courseLevels').values({ name: `Load ${tag}` }).returning('courseLevelId').executeTakeFirstOrThrow();
  // INSERT … VALUES … RETURNING answers in the order of the VALUES: ids are matched by position.
  const users = await db.insertInto('users').values(range(teachers).map((i) => ({
    username: `load_${tag}_${i}`, passwordHash, firstName: 'Load', lastName: `Teacher ${i}`, active: true,
  }))).returning('userId').execute();
  const teacherRows = await db.insertInto('teachers').values(range(teachers).map((i) => ({
    firstName: 'Load', lastName: `Teacher ${i}`, email: `load_${tag}_${i}@example.test`, userId: users[i]!.userId,
  }))).returning('teacherId').execute();
  await db.insertInto('userRoles').values(range(teachers).map((i) => ({ userId: users[i]!.userId, role: 'Teacher', entityId: teacherRows[i]!.teacherId, sortOrder: 0 }))).execute();
  const rates = await db.insertInto('teacherRates').values(teacherRows.map((t) => ({ teacherId: t.teacherId, description: 'Standard', ratePence: 2500 })))
    .returning('teacherRateId').execute();
  const courses = await db.insertInto('courses').values(range(teachers).map((i) => ({
    title: `Load course ${tag} ${i}`, subjectId, courseLevelId, courseTypeId: 1, private: true, duration: 40, classLengthTemplate: 60, courseStatusId: 2,
  }))).returning('courseId').execute();
  const starts = range(CLASSES_PER_TEACHER).map((c) => hoursFromNow(-24 * (c + 1) - 1));
  const series = await db.insertInto('classSeries').values(range(teachers).map((i) => ({
    courseId: courses[i]!.courseId, teacherId: teacherRows[i]!.teacherId, teacherRateId: rates[i]!.teacherRateId, scheduleId: 1,
    startDate: starts[0]!.toISOString().slice(0, 10), startTime: '10:00', classLength: 60, numberOfClasses: CLASSES_PER_TEACHER,
  }))).returning('classSeriesId').execute();
  const classes = await db.insertInto('classes').values(range(teachers).flatMap((i) => starts.map((startsAt) => ({
    classSeriesId: series[i]!.classSeriesId, courseId: courses[i]!.courseId, teacherId: teacherRows[i]!.teacherId, teacherRateId: rates[i]!.teacherRateId,
    startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), classLength: 60,
  })))).returning('classId').execute();
  const students = await db.insertInto('students').values(range(teachers * STUDENTS_PER_TEACHER).map((i) => ({
    firstName: 'Load', lastName: `Student ${i}`, email: `load_${tag}_s${i}@example.test`,
  }))).returning('studentId').execute();

  const school = range(teachers).map((i) => {
    const classIds = classes.slice(i * CLASSES_PER_TEACHER, (i + 1) * CLASSES_PER_TEACHER).map((c) => c.classId);
    const studentIds = students.slice(i * STUDENTS_PER_TEACHER, (i + 1) * STUDENTS_PER_TEACHER).map((s) => s.studentId);
    return {
      userId: users[i]!.userId, teacherId: teacherRows[i]!.teacherId, courseId: courses[i]!.courseId, studentIds,
      lines: classIds.flatMap((classId) => studentIds.map((studentId) => ({ classId, studentId, statusId: 1 as const, version: 1, marks: 0 }))),
    };
  });
  await db.insertInto('enrolments').values(school.flatMap((t) => t.studentIds.map((studentId) => ({ courseId: t.courseId, studentId, statusId: 1 })))).execute();
  await db.insertInto('classAttendance').values(school.flatMap((t) => t.lines.map((l) => ({ classId: l.classId, studentId: l.studentId, statusId: 1 })))).execute();
  return school.map(({ userId, teacherId, lines }) => ({ userId, teacherId, lines }));
}

/** Each teacher's phone: a fresh installation signed in with `token`. */
export function phonesFor(school: Teacher[], token: (teacher: Teacher) => string): Phone[] {
  return school.map((t) => ({ ...t, clientId: randomUUID(), token: token(t), seq: 0, next: 0 }));
}

export interface RunOptions {
  baseUrl: string;
  seconds: number;
  /**
   * Whether a phone sends a request again, unchanged (same mutations), after a lost connection or
   * an answer of 502, 503 or 504, as the app's outbox does; each retry is counted, not an error.
   */
  retry?: boolean;
}

export interface RunResult {
  seconds: number;
  errors: string[];
  retries: number;
  marksAnswered: number;
  pushLatency: number[];
  pullLatency: number[];
}

const RETRIED_STATUSES = new Set([502, 503, 504]);

/** Runs every phone at once until `seconds` have passed (no request starts after that). */
export async function runPhones(phones: Phone[], options: RunOptions): Promise<RunResult> {
  const errors: string[] = [];
  const pushLatency: number[] = [];
  const pullLatency: number[] = [];
  let marksAnswered = 0;
  let retries = 0;
  const deadline = Date.now() + options.seconds * 1_000;

  async function call<T>(url: string, init: RequestInit, latencies: number[]): Promise<T | null> {
    for (;;) {
      const started = performance.now();
      let failure: string;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await res.text();
        latencies.push(performance.now() - started);
        if (res.status === 200) return JSON.parse(body) as T;
        failure = `${init.method ?? 'GET'} ${url.split('?')[0]} answered ${res.status}: ${body.slice(0, 200)}`;
        if (!options.retry || !RETRIED_STATUSES.has(res.status)) {
          errors.push(failure);
          return null;
        }
      } catch (err) {
        failure = `${init.method ?? 'GET'} ${url.split('?')[0]} failed: ${(err as Error).message}`;
        if (!options.retry) {
          errors.push(failure);
          return null;
        }
      }
      // A phone keeps what it could not send and tries again; past the run's end plus a minute it gives up.
      if (Date.now() > deadline + 60_000) {
        errors.push(`gave up: ${failure}`);
        return null;
      }
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }

  /** One phone: push 20 marks (the next lines round its registers, each flipped attended/absent), then pull; until time is up. */
  async function phoneLoop(phone: Phone) {
    const headers = { authorization: `Bearer ${phone.token}`, 'content-type': 'application/json' };
    while (Date.now() < deadline) {
      const batch: { line: Line; statusId: 2 | 5; m: MutationEnvelope }[] = [];
      for (let k = 0; k < MARKS_PER_PUSH; k++) {
        const line = phone.lines[phone.next++ % phone.lines.length]!;
        const statusId = line.statusId === 2 ? 5 : 2;
        batch.push({ line, statusId, m: {
          mutationId: randomUUID(), seq: ++phone.seq, name: 'markAttendance', args: { classId: line.classId, studentId: line.studentId, statusId },
          baseVersion: line.version, madeAt: new Date().toISOString(),
        } });
      }
      const pushed = await call<PushResponse>(`${options.baseUrl}/api/sync/push`, {
        method: 'POST', headers, body: JSON.stringify({ clientId: phone.clientId, mutations: batch.map((b) => b.m) }),
      }, pushLatency);
      if (!pushed) return;
      for (const [k, result] of pushed.results.entries()) {
        const { line, statusId, m } = batch[k]!;
        if (result.mutationId !== m.mutationId || (result.status !== 'applied' && result.status !== 'duplicate') || result.version === undefined) {
          errors.push(`mark ${m.seq} of ${phone.clientId} answered ${JSON.stringify(result)}`);
          return;
        }
        line.statusId = statusId;
        line.version = result.version;
        line.marks++;
        marksAnswered++;
      }
      const query = new URLSearchParams({ clientId: phone.clientId, ...(phone.cursor ? { since: phone.cursor } : {}) });
      const pulled = await call<PullResponse>(`${options.baseUrl}/api/sync/pull?${query}`, { headers }, pullLatency);
      if (!pulled) return;
      phone.cursor = pulled.cursor;
    }
  }

  const started = performance.now();
  await Promise.all(phones.map((phone) => phoneLoop(phone)));
  return { seconds: (performance.now() - started) / 1_000, errors, retries, marksAnswered, pushLatency, pullLatency };
}

export interface ExactlyOnce {
  marksMade: number;
  /** Register lines not holding their phone's last mark, or whose version did not move once per mark. */
  lost: string[];
  /** Phones whose mutations are not recorded exactly once each (seqs 1..n, each applied once). */
  duplicated: string[];
  records: number;
}

/** Reads back what the database holds: every mark applied, each exactly once. */
export async function checkExactlyOnce(db: Db, phones: Phone[]): Promise<ExactlyOnce> {
  const lines = phones.flatMap((p) => p.lines);
  const { rows: stored } = await sql<{ classId: number; studentId: number; statusId: number; version: number }>`
    select class_id as "classId", student_id as "studentId", status_id as "statusId", version from class_attendance
    where class_id = any(${[...new Set(lines.map((l) => l.classId))]}::int[])`.execute(db);
  const byKey = new Map(stored.map((s) => [`${s.classId}:${s.studentId}`, s]));
  const lost = lines.filter((l) => {
    const s = byKey.get(`${l.classId}:${l.studentId}`);
    return !s || s.statusId !== l.statusId || s.version !== 1 + l.marks || l.version !== s.version;
  }).map((l) => `class ${l.classId} student ${l.studentId}: ${JSON.stringify({ phone: l, stored: byKey.get(`${l.classId}:${l.studentId}`) })}`);

  const { rows: records } = await sql<{ clientId: string; n: number; distinctIds: number; maxSeq: number; lastSeq: number; applied: number }>`
    select m.client_id as "clientId", count(*)::int as n, count(distinct m.mutation_id)::int as "distinctIds", max(m.seq) as "maxSeq",
      max(c.last_seq) as "lastSeq", count(*) filter (where m.outcome = 'applied')::int as applied
    from applied_mutations m join sync_clients c on c.client_id = m.client_id group by m.client_id`.execute(db);
  const byClient = new Map(records.map((r) => [r.clientId, r]));
  const duplicated = phones.filter((p) => {
    const r = byClient.get(p.clientId);
    return !r || r.n !== p.seq || r.distinctIds !== p.seq || r.maxSeq !== p.seq || r.lastSeq !== p.seq || r.applied !== p.seq;
  }).map((p) => `${p.clientId}: made ${p.seq}, recorded ${JSON.stringify(byClient.get(p.clientId))}`);
  return { marksMade: phones.reduce((n, p) => n + p.seq, 0), lost, duplicated, records: records.reduce((n, r) => n + r.n, 0) };
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

export function latencySummary(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v);
  return {
    requests: sorted.length,
    perSecond: Math.round((sorted.length / seconds) * 10) / 10,
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted[sorted.length - 1] ?? NaN),
  };
}
