import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release as osRelease } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/create-db.js';
import { createTestDb, type TestDb } from '../test/helpers/test-db.js';
import { ServerProcess } from '../test/faults/server-process.js';
import {
  CLASSES_PER_TEACHER, checkExactlyOnce, createSchool, latencySummary, MARKS_PER_PUSH, phonesFor, runPhones, STUDENTS_PER_TEACHER, type Phone,
} from './teacher-simulator.js';

// 9 a.m.: 300 teachers' phones sync at once against one production server, for LOAD_SECONDS
// (default 60). Each phone, in a loop, pushes 20 marks (its own installation, seq in order, the
// base version it last saw) and then pulls what changed since its cursor (teacher-simulator.ts,
// which pnpm test:cluster runs against three servers). Afterwards: no request failed, no mark was
// lost (each register line holds the phone's last value and was changed exactly as often as it was
// marked) and none was applied twice (one record per mutation, seqs without gaps). Latency and
// throughput are reported, not asserted (speed is the benchmarks' job), and written to
// bench/results/load-300-teachers.md.
//
// Runs the built server (FAULT_SERVER_JS, else api/dist/server.js) on a copy of the migrated template.

const TEACHERS = 300;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RESULTS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../bench/results/load-300-teachers.md');

type Summary = ReturnType<typeof latencySummary>;

describe.runIf(inject('postgres') !== null)(`${TEACHERS} teachers syncing at once for ${LOAD_SECONDS} s`, () => {
  let testDb: TestDb;
  let server: ServerProcess;
  let phones: Phone[];

  beforeAll(async () => {
    testDb = await createTestDb();
    const school = await createSchool(testDb.db, TEACHERS);
    server = new ServerProcess({ databaseUrl: testDb.url! });
    await server.start();
    phones = phonesFor(school, (t) => server.token(t.userId, [{ name: 'Teacher', entityId: t.teacherId }]));
  });

  afterAll(async () => {
    await server?.dispose();
    await testDb?.close();
  });

  it('loses nothing, applies nothing twice and answers every request', async () => {
    const loadBefore = loadavg();
    const run = await runPhones(phones, { baseUrl: server.url, seconds: LOAD_SECONDS });

    // 0 errors.
    expect(run.errors.slice(0, 10)).toEqual([]);
    const outcome = await checkExactlyOnce(testDb.db, phones);
    expect(run.marksAnswered).toBe(outcome.marksMade);
    expect(phones.every((p) => p.seq > 0)).toBe(true);
    // 0 lost: every line holds the phone's last mark, and its version moved once per mark (1 + marks).
    expect(outcome.lost.slice(0, 10)).toEqual([]);
    // 0 duplicated: one record per mutation made, each phone's seqs 1..n with no gap and no repeat.
    expect(outcome.duplicated).toEqual([]);
    expect(outcome.records).toBe(outcome.marksMade);

    const { seconds } = run;
    const marksMade = outcome.marksMade;
    const push = latencySummary(run.pushLatency, seconds);
    const pull = latencySummary(run.pullLatency, seconds);
    const marksPerSecond = Math.round(marksMade / seconds);
    console.info(`Load: ${TEACHERS} teachers for ${seconds.toFixed(1)} s: ${marksMade} marks (${marksPerSecond}/s), 0 errors, 0 lost, 0 duplicated`);
    console.info(`  push of ${MARKS_PER_PUSH}: ${push.requests} requests, ${push.perSecond}/s, p50 ${push.p50} ms, p99 ${push.p99} ms, max ${push.max} ms`);
    console.info(`  pull:        ${pull.requests} requests, ${pull.perSecond}/s, p50 ${pull.p50} ms, p99 ${pull.p99} ms, max ${pull.max} ms`);
    await writeResults({ seconds, marksMade, marksPerSecond, push, pull, loadBefore, db: testDb.db });
  });
});

async function writeResults(r: {
  seconds: number; marksMade: number; marksPerSecond: number; push: Summary; pull: Summary; loadBefore: number[]; db: Db;
}) {
  const { rows } = await sql<{ version: string }>`select version()`.execute(r.db);
  const cpu = cpus();
  const row = (name: string, s: Summary) => `| ${name} | ${s.requests} | ${s.perSecond} | ${s.p50} | ${s.p99} | ${s.max} |`;
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
