import { randomUUID } from 'node:crypto';
import type { MutationEnvelope, MutationResult, PushResponse } from '@rollbook/shared-types/sync';
import { SYNC_BATCH_LIMIT } from '@rollbook/shared-types/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mutation } from '../helpers/sync-factories.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { backendsWaitingForLock, startedClassesWithStudents, teacherAccount, waitForBackendGone, type TeacherAccount } from './fault-fixtures.js';
import { FAULT_TEST_TIMEOUT_MS, ServerProcess, sleep, waitFor } from './server-process.js';

// A phone with 1,000 queued marks is syncing when the server process dies (SIGKILL: no shutdown,
// a batch half done). After a restart the phone sends the same batch again; every mark must end up
// applied exactly once: the part of the batch that committed before the kill answers 'duplicate',
// the rest is applied, and nothing is applied twice.
//
// To kill mid-batch on purpose (not by luck of timing), one register line is locked from another
// connection: the server applies the batch's marks up to that line and waits there. Needs real
// PostgreSQL and the built server (see server-process.ts).

const CLASSES = 20;
const STUDENTS = 50;
/** The mark the server is stuck on when killed: the 25th of the 4th batch. */
const STUCK_SEQ = 3 * SYNC_BATCH_LIMIT + 25;

describe.runIf(inject('postgres') !== null)('SIGKILL of the API in the middle of a sync of 1,000 marks', () => {
  let testDb: TestDb;
  let server: ServerProcess;
  let teacher: TeacherAccount;
  let lines: { classId: number; studentId: number; statusId: 2 | 5 }[];
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    testDb = await createTestDb();
    teacher = await teacherAccount(testDb.db);
    const { classIds, studentIds } = await startedClassesWithStudents(testDb.db, teacher, { classes: CLASSES, students: STUDENTS });
    lines = classIds.flatMap((classId, c) => studentIds.map((studentId, s) => ({ classId, studentId, statusId: (c + s) % 2 === 0 ? 2 as const : 5 as const })));
    server = new ServerProcess({ databaseUrl: testDb.url! });
    await server.start();
  });

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.dispose();
    await testDb?.close();
  });

  const appliedCount = async (clientId: string) => Number((await testDb.db.selectFrom('appliedMutations')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('clientId', '=', clientId).executeTakeFirstOrThrow()).n);

  it('applies every mark exactly once after a restart; the retried part of the cut batch answers duplicate', async () => {
    expect(lines).toHaveLength(1_000);
    const queue: MutationEnvelope[] = lines.map((l, i) => mutation(i + 1, 'markAttendance', l, 1));
    const clientId = randomUUID();
    const token = server.token(teacher.userId, [{ name: 'Teacher', entityId: teacher.teacherId }]);
    const answers = new Map<string, MutationResult[]>();
    let networkErrors = 0;

    /** One batch, sent again after a network error, as the phone's sender does. */
    async function pushBatch(batch: MutationEnvelope[]): Promise<PushResponse> {
      for (;;) {
        try {
          const res = await fetch(`${server.url}/api/sync/push`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ clientId, mutations: batch }),
            signal: AbortSignal.timeout(60_000),
          });
          if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
          return (await res.json()) as PushResponse;
        } catch (err) {
          // fetch() rejects with a TypeError when the connection fails or is cut.
          if (!(err instanceof TypeError)) throw err;
          networkErrors++;
          await sleep(100);
        }
      }
    }

    async function syncAll(): Promise<void> {
      let sent = 0;
      while (sent < queue.length) {
        const body = await pushBatch(queue.slice(sent, sent + SYNC_BATCH_LIMIT));
        for (const r of body.results) answers.set(r.mutationId, [...(answers.get(r.mutationId) ?? []), r]);
        expect(body.lastSeq).toBeGreaterThan(sent);
        sent = body.lastSeq;
      }
    }

    // Hold the register line of the stuck mark, so the 4th batch stops there.
    const stuck = lines[STUCK_SEQ - 1]!;
    locker = new pg.Client({ connectionString: testDb.url! });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from class_attendance where class_id = $1 and student_id = $2 for update', [stuck.classId, stuck.studentId]);

    const syncing = syncAll();
    syncing.catch(() => undefined);
    const [waiting] = await waitFor('the server to wait on the locked register line', async () => {
      const pids = await backendsWaitingForLock(testDb.db);
      return pids.length > 0 ? pids : undefined;
    });
    // Three batches and 24 marks of the fourth are committed; the fourth batch's answer is not sent yet.
    expect(await appliedCount(clientId)).toBe(STUCK_SEQ - 1);

    await server.kill();
    await locker.query('rollback');
    await locker.end();
    locker = undefined;
    // The dead server's transaction gets the line now, finds its client gone and rolls back.
    await waitForBackendGone(testDb.db, waiting!);
    expect(await appliedCount(clientId)).toBe(STUCK_SEQ - 1);
    expect(await testDb.db.selectFrom('classAttendance').select(['statusId', 'version'])
      .where('classId', '=', stuck.classId).where('studentId', '=', stuck.studentId).executeTakeFirstOrThrow()).toEqual({ statusId: 1, version: 1 });

    await server.start();
    await syncing;
    expect(networkErrors).toBeGreaterThan(0);

    // Every mark answered once to the phone: the 24 committed before the kill as duplicate (of applied), the rest applied.
    const bySeq = queue.map((m) => answers.get(m.mutationId) ?? []);
    expect(bySeq.every((a) => a.length === 1)).toBe(true);
    const duplicates = queue.filter((m) => answers.get(m.mutationId)?.[0]?.status === 'duplicate').map((m) => m.seq);
    const firstOfCutBatch = 3 * SYNC_BATCH_LIMIT + 1;
    expect(duplicates).toEqual(Array.from({ length: STUCK_SEQ - firstOfCutBatch }, (_, i) => firstOfCutBatch + i));
    for (const m of queue) {
      const [answer] = answers.get(m.mutationId)!;
      expect(answer).toMatchObject(duplicates.includes(m.seq) ? { status: 'duplicate', previous: 'applied', version: 2 } : { status: 'applied', version: 2 });
    }

    // On the server: each line marked once (version 1 → 2, not 3), one record per mutation id, seq 1..1,000 without gaps.
    const stored = await testDb.db.selectFrom('classAttendance').select(['classId', 'studentId', 'statusId', 'version'])
      .where('classId', 'in', [...new Set(lines.map((l) => l.classId))]).execute();
    const key = (l: { classId: number; studentId: number }) => `${l.classId}:${l.studentId}`;
    const storedByKey = new Map(stored.map((s) => [key(s), s]));
    expect(lines.filter((l) => storedByKey.get(key(l))?.statusId !== l.statusId || storedByKey.get(key(l))?.version !== 2)).toEqual([]);
    const records = await testDb.db.selectFrom('appliedMutations').select(['mutationId', 'seq', 'outcome']).where('clientId', '=', clientId).orderBy('seq').execute();
    expect(records.map((r) => r.seq)).toEqual(queue.map((m) => m.seq));
    expect(records.map((r) => r.mutationId)).toEqual(queue.map((m) => m.mutationId));
    expect(new Set(records.map((r) => r.outcome))).toEqual(new Set(['applied']));
    const client = await testDb.db.selectFrom('syncClients').select('lastSeq').where('clientId', '=', clientId).executeTakeFirstOrThrow();
    expect(client.lastSeq).toBe(1_000);
  }, FAULT_TEST_TIMEOUT_MS);
});
