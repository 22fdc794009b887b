import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release as osRelease } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutationEnvelope, PullResponse, PushResponse } from '@rollbook/shared-types/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/create-db.js';
import { hashPassword } from '../src/lib/password.js';
import { hoursFromNow } from '../test/helpers/sync-factories.js';
import { createTestDb, type TestDb } from '../test/helpers/test-db.js';
import { ServerProcess } from '../test/faults/server-process.js';

// 9 a.m.: 300 teachers' phones sync at once against one production server, for LOAD_SECONDS
// (default 60). Each phone, in a loop, pushes 20 marks (its own installation, seq in order, the
// base version it last saw) and then pulls what changed since its cursor. Afterwards: no request
// failed, no mark was lost (each register line holds the phone's last value and was changed
// exactly as often as it was marked) and none was applied twice (one record per mutation, seqs
// without gaps). Latency and throughput are reported, not asserted (speed is the benchmarks' job),
// and written to bench/results/load-300-teachers.md.
//
// Runs the built server (FAULT_SERVER_JS, else api/dist/server.js) on a copy of the migrated template.

const TEACHERS = 300;
const CLASSES_PER_TEACHER = 3;
const STUDENTS_PER_TEACHER = 10;
const MARKS_PER_PUSH = 20;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const REQUEST_TIMEOUT_MS = 120_000;
const RESULTS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../bench/results/load-300-teachers.md');

interface Line {
  classId: number;
  studentId: number;
  /** What the phone last set, the version it last saw, and how many marks it made on the line. */
  statusId: 1 | 2 | 5;
  version: number;
  marks: number;
}

interface Phone {
  userId: number;
  teacherId: number;
  clientId: string;
  token: string;
  lines: Line[];
  seq: number;
  next: number;
  cursor?: string;
}

/** 300 teachers, each with a course of three started classes and ten students on every register: a few bulk inserts. */
async function createSchool(db: Db): Promise<Omit<Phone, 'clientId' | 'token' | 'seq' | 'next'>[]> {
  const tag = randomUUID().slice(0, 8);
  const passwordHash = await hashPassword('load-test-password');
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const { subjectId } = await db.insertInto('subjects').values({ name: `Load ${tag}`, color: '#336699' }).returning('subjectId').executeTakeFirstOrThrow();
  const { courseLevelId } = await db.insertInto('courseLevels').values({ name: `Load ${tag}` }).returning('courseLevelId').executeTakeFirstOrThrow();
  // INSERT … VALUES … RETURNING answers in the order of the VALUES: ids are matched by position.
  const users = await db.insertInto('users').values(range(TEACHERS).map((i) => ({
    username: `load_${tag}_${i}`, passwordHash, firstName: 'Load', lastName: `Teacher ${i}`, active: true,
  }))).returning('userId').execute();
  const teachers = await db.insertInto('teachers').values(range(TEACHERS).map((i) => ({
    firstName: 'Load', lastName: `Teacher ${i}`, email: `load_${tag}_${i}@example.test`, userId: users[i]!.userId,
  }))).returning('teacherId').execute();
  await db.insertInto('userRoles').values(range(TEACHERS).map((i) => ({ userId: users[i]!.userId, role: 'Teacher', entityId: teachers[i]!.teacherId, sortOrder: 0 }))).execute();
  const rates = await db.insertInto('teacherRates').values(teachers.map((t) => ({ teacherId: t.teacherId, description: 'Standard', ratePence: 2500 })))
    .returning('teacherRateId').execute();
  const courses = await db.insertInto('courses').values(range(TEACHERS).map((i) => ({
    title: `Load course ${tag} ${i}`, subjectId, courseLevelId, courseTypeId: 1, private: true, duration: 40, classLengthTemplate: 60, courseStatusId: 2,
  }))).returning('courseId').execute();
  const starts = range(CLASSES_PER_TEACHER).map((c) => hoursFromNow(-24 * (c + 1) - 1));
  const series = await db.insertInto('classSeries').values(range(TEACHERS).map((i) => ({
    courseId: courses[i]!.courseId, teacherId: teachers[i]!.teacherId, teacherRateId: rates[i]!.teacherRateId, scheduleId: 1,
    startDate: starts[0]!.toISOString().slice(0, 10), startTime: '10:00', classLength: 60, numberOfClasses: CLASSES_PER_TEACHER,
  }))).returning('classSeriesId').execute();
  const classes = await db.insertInto('classes').values(range(TEACHERS).flatMap((i) => starts.map((startsAt) => ({
    classSeriesId: series[i]!.classSeriesId, courseId: courses[i]!.courseId, teacherId: teachers[i]!.teacherId, teacherRateId: rates[i]!.teacherRateId,
    startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), classLength: 60,
  })))).returning('classId').execute();
  const students = await db.insertInto('students').values(range(TEACHERS * STUDENTS_PER_TEACHER).map((i) => ({
    firstName: 'Load', lastName: `Student ${i}`, email: `load_${tag}_s${i}@example.test`,
  }))).returning('studentId').execute();

  const school = range(TEACHERS).map((i) => {
    const classIds = classes.slice(i * CLASSES_PER_TEACHER, (i + 1) * CLASSES_PER_TEACHER).map((c) => c.classId);
    const studentIds = students.slice(i * STUDENTS_PER_TEACHER, (i + 1) * STUDENTS_PER_TEACHER).map((s) => s.studentId);
    return {
      userId: users[i]!.userId, teacherId: teachers[i]!.teacherId, courseId: courses[i]!.courseId, studentIds,
      lines: classIds.flatMap((classId) => studentIds.map((studentId) => ({ classId, studentId, statusId: 1 as const, version: 1, marks: 0 }))),
    };
  });
  await db.insertInto('enrolments').values(school.flatMap((t) => t.studentIds.map((studentId) => ({ courseId: t.courseId, studentId, statusId: 1 })))).execute();
  await db.insertInto('classAttendance').values(school.flatMap((t) => t.lines.map((l) => ({ classId: l.classId, studentId: l.studentId, statusId: 1 })))).execute();
  return school.map(({ userId, teacherId, lines }) => ({ userId, teacherId, lines }));
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

function summary(latencies: number[], seconds: number) {
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

describe.runIf(inject('postgres') !== null)(`${TEACHERS} teachers syncing at once for ${LOAD_SECONDS} s`, () => {
  let testDb: TestDb;
  let server: ServerProcess;
  let phones: Phone[];

  beforeAll(async () => {
    testDb = await createTestDb();
    const school = await createSchool(testDb.db);
    server = new ServerProcess({ databaseUrl: testDb.url! });
    await server.start();
    phones = school.map((t) => ({
      ...t, clientId: randomUUID(), token: server.token(t.userId, [{ name: 'Teacher', entityId: t.teacherId }]), seq: 0, next: 0,
    }));
  });

  afterAll(async () => {
    await server?.dispose();
    await testDb?.close();
  });

  it('loses nothing, applies nothing twice and answers every request', async () => {
    const errors: string[] = [];
    const pushLatency: number[] = [];
    const pullLatency: number[] = [];
    let marksAnswered = 0;

    async function call<T>(url: string, init: RequestInit, latencies: number[]): Promise<T | null> {
      const started = performance.now();
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await res.text();
        latencies.push(performance.now() - started);
        if (res.status !== 200) {
          errors.push(`${init.method ?? 'GET'} ${url.split('?')[0]} answered ${res.status}: ${body.slice(0, 200)}`);
          return null;
        }
        return JSON.parse(body) as T;
      } catch (err) {
        errors.push(`${init.method ?? 'GET'} ${url.split('?')[0]} failed: ${(err as Error).message}`);
        return null;
      }
    }

    /** One phone: push 20 marks (the next lines round its registers, each flipped attended/absent), then pull; until time is up. */
    async function phoneLoop(phone: Phone, deadline: number) {
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
        const pushed = await call<PushResponse>(`${server.url}/api/sync/push`, {
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
        const pulled = await call<PullResponse>(`${server.url}/api/sync/pull?${query}`, { headers }, pullLatency);
        if (!pulled) return;
        phone.cursor = pulled.cursor;
      }
    }

    const loadBefore = loadavg();
    const started = performance.now();
    const deadline = Date.now() + LOAD_SECONDS * 1_000;
    await Promise.all(phones.map((phone) => phoneLoop(phone, deadline)));
    const seconds = (performance.now() - started) / 1_000;

    // 0 errors.
    expect(errors.slice(0, 10)).toEqual([]);
    const marksMade = phones.reduce((n, p) => n + p.seq, 0);
    expect(marksAnswered).toBe(marksMade);
    expect(phones.every((p) => p.seq > 0)).toBe(true);

    // 0 lost: every line holds the phone's last mark, and its version moved once per mark (1 + marks).
    const lines = phones.flatMap((p) => p.lines);
    const { rows: stored } = await sql<{ classId: number; studentId: number; statusId: number; version: number }>`
      select class_id as "classId", student_id as "studentId", status_id as "statusId", version from class_attendance
      where class_id = any(${[...new Set(lines.map((l) => l.classId))]}::int[])`.execute(testDb.db);
    const byKey = new Map(stored.map((s) => [`${s.classId}:${s.studentId}`, s]));
    const wrong = lines.filter((l) => {
      const s = byKey.get(`${l.classId}:${l.studentId}`);
      return !s || s.statusId !== l.statusId || s.version !== 1 + l.marks || l.version !== s.version;
    });
    expect(wrong.slice(0, 10)).toEqual([]);

    // 0 duplicated: one record per mutation made, each phone's seqs 1..n with no gap and no repeat.
    const { rows: records } = await sql<{ clientId: string; n: number; distinctIds: number; maxSeq: number; lastSeq: number; applied: number }>`
      select m.client_id as "clientId", count(*)::int as n, count(distinct m.mutation_id)::int as "distinctIds", max(m.seq) as "maxSeq",
        max(c.last_seq) as "lastSeq", count(*) filter (where m.outcome = 'applied')::int as applied
      from applied_mutations m join sync_clients c on c.client_id = m.client_id group by m.client_id`.execute(testDb.db);
    const byClient = new Map(records.map((r) => [r.clientId, r]));
    const uneven = phones.filter((p) => {
      const r = byClient.get(p.clientId);
      return !r || r.n !== p.seq || r.distinctIds !== p.seq || r.maxSeq !== p.seq || r.lastSeq !== p.seq || r.applied !== p.seq;
    });
    expect(uneven.map((p) => p.clientId)).toEqual([]);
    expect(records.reduce((n, r) => n + r.n, 0)).toBe(marksMade);

    const push = summary(pushLatency, seconds);
    const pull = summary(pullLatency, seconds);
    const marksPerSecond = Math.round(marksMade / seconds);
    console.info(`Load: ${TEACHERS} teachers for ${seconds.toFixed(1)} s: ${marksMade} marks (${marksPerSecond}/s), 0 errors, 0 lost, 0 duplicated`);
    console.info(`  push of ${MARKS_PER_PUSH}: ${push.requests} requests, ${push.perSecond}/s, p50 ${push.p50} ms, p99 ${push.p99} ms, max ${push.max} ms`);
    console.info(`  pull:        ${pull.requests} requests, ${pull.perSecond}/s, p50 ${pull.p50} ms, p99 ${pull.p99} ms, max ${pull.max} ms`);
    await writeResults({ seconds, marksMade, marksPerSecond, push, pull, loadBefore, db: testDb.db });
  });
});

async function writeResults(r: {
  seconds: number; marksMade: number; marksPerSecond: number; push: ReturnType<typeof summary>; pull: ReturnType<typeof summary>; loadBefore: number[]; db: Db;
}) {
  const { rows } = await sql<{ version: string }>`select version()`.execute(r.db);
  const cpu = cpus();
  const row = (name: string, s: ReturnType<typeof summary>) => `| ${name} | ${s.requests} | ${s.perSecond} | ${s.p50} | ${s.p99} | ${s.max} |`;
  const text = `# Load: ${TEACHERS} teachers syncing at once

Written by \`api/test-long/load-300-teachers.test.ts\` (\`pnpm test:long\`, or from the repository root
\`npx vitest run --config vitest.long.config.ts api/test-long/load-300-teachers.test.ts\`; \`LOAD_SECONDS\` sets the length).

${TEACHERS} simulated phones, one installation (clientId) each, run at once against one production server
process (\`NODE_ENV=production\`, pool of 10 connections) for ${LOAD_SECONDS} s (no request is started after that; the last
ones were answered ${r.seconds.toFixed(1)} s after the start). Each phone loops: push
${MARKS_PER_PUSH} marks (seq in order, the base version it last saw), then pull what changed since its cursor.
Every teacher has ${CLASSES_PER_TEACHER} started classes × ${STUDENTS_PER_TEACHER} students on the register.

**Result: 0 errors, 0 lost, 0 duplicated.** Every request answered 200 and every mark \`applied\`; every
register line holds the phone's last mark and its version moved exactly once per mark; one
\`applied_mutations\` row per mutation, each phone's seqs 1..n without gap or repeat.

- Marks applied: ${r.marksMade} (${r.marksPerSecond} marks/s over ${r.seconds.toFixed(1)} s)

| Request | Count | Requests/s | p50 ms | p99 ms | max ms |
|---------|------:|-----------:|-------:|-------:|-------:|
${row(`push of ${MARKS_PER_PUSH} marks`, r.push)}
${row('pull since cursor', r.pull)}

Latency is end to end from the simulator (same machine), with all ${TEACHERS} phones waiting on the
server at once, so it is mostly queueing: a closed loop of ${TEACHERS} clients, each push (one
transaction of ${MARKS_PER_PUSH} marks) and pull waiting its turn for one of the 10 pooled connections behind the
other phones' requests. It is reported, not asserted; the budgets are checked by \`pnpm bench\`.

## Machine

- ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- ${osType()} ${osRelease()}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM
- Load average (1, 5, 15 min) at the start: ${r.loadBefore.map((v) => v.toFixed(2)).join(', ')}; at the end: ${loadavg().map((v) => v.toFixed(2)).join(', ')}
  (a shared machine: other engineers' builds and tests ran at the same time)
- Node ${process.version}; ${rows[0]?.version.split(',')[0] ?? 'PostgreSQL'} on the same machine; simulator, API and PostgreSQL share the cores
`;
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, text);
  console.info(`Load results written to ${join('bench', 'results', 'load-300-teachers.md')}`);
}
