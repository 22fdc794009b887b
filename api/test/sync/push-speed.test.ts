import { randomUUID } from 'node:crypto';
import { SYNC_BATCH_LIMIT } from '@rollbook/shared-types/sync';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runAsActor, withAuditActor } from '../../src/db/audit-actor.js';
import type { DB } from '../../src/db/database.js';
import { pushMutations } from '../../src/modules/sync/push.service.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, mutation, newClasses, newCourse, newTeacher, push, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
});

/** Ten past classes with five students each: 50 register lines. */
async function fiftyLines() {
  const courseId = await newCourse(ctx.db);
  const classIds = await newClasses(ctx.db, { courseId, teacher, starts: Array.from({ length: 10 }, (_, i) => hoursFromNow(-24 * (i + 1))) });
  const studentIds: number[] = [];
  for (let i = 0; i < 5; i++) studentIds.push((await createStudent(ctx.db)).studentId);
  await enrol(ctx.db, courseId, studentIds);
  return classIds.flatMap((classId) => studentIds.map((studentId) => ({ classId, studentId })));
}

const markAll = (lines: { classId: number; studentId: number }[]) =>
  lines.map((l, i) => mutation(i + 1, 'markAttendance', { ...l, statusId: i % 3 === 0 ? 5 : 2 }));

// Counting statements needs a second pool on the test file's own PostgreSQL database (Kysely's
// query log); on an embedded-PGlite-only run there is none, so that test runs with PostgreSQL.
const onPostgres = Boolean(inject('postgres'));

describe('push cost', () => {
  it.runIf(onPostgres)(`applies ${SYNC_BATCH_LIMIT} marks in one transaction with eight statements, however many classes they are on`, async () => {
    const statements: string[] = [];
    const counted = new Kysely<DB>({
      // As the app's database is made (create-db.ts): the driver that sets the audit actor.
      dialect: withAuditActor(new PostgresDialect({ pool: new pg.Pool({ connectionString: ctx.testDb.url ?? '', max: 2 }) })),
      plugins: [new CamelCasePlugin()],
      log: (event) => { statements.push(event.query.sql); },
    });
    try {
      const batch = markAll(await fiftyLines());
      // In the request's scope, as sync.routes.ts runs a push.
      const res = await runAsActor({ userId: teacher.principal.userId, source: 'phone' },
        () => pushMutations(counted, teacher.principal, { clientId: randomUUID(), mutations: batch }));
      expect(res.results.filter((r) => r.status === 'applied')).toHaveLength(SYNC_BATCH_LIMIT);
      // Each statement is a round trip the connection waits through, idle in transaction: whatever
      // the number of marks or classes, begin; locking the phone's row with reading the ids it
      // answered before; probing the rows free to mark, which also sets the lock wait and the audit
      // actor; the savepoint; locking the classes and lines; saving the marks with the classes'
      // status; the records with last_seq; commit. (It was 15: the actor set twice, the lock
      // wait, the ids read, the classes and lines locked, the classes' status and last_seq each a
      // statement of their own.)
      expect(statements.map((s) => s.trim().split(/\s+/).slice(0, 3).join(' '))).toEqual([
        'begin', 'with locked as', 'with wanted as', 'savepoint sync_change', 'with cls as', 'with saved as', 'with stored as', 'commit',
      ]);
    } finally {
      await counted.destroy();
    }
  });

  it(`answers ${SYNC_BATCH_LIMIT} marks over HTTP in well under a few seconds, even on a busy machine`, async () => {
    await push(ctx.app, teacher, randomUUID(), markAll((await fiftyLines()).slice(0, 5))); // warm-up
    const batch = markAll(await fiftyLines());
    const started = performance.now();
    const res = await push(ctx.app, teacher, randomUUID(), batch);
    const elapsed = performance.now() - started;
    console.info(`push of ${SYNC_BATCH_LIMIT} marks: ${elapsed.toFixed(0)} ms`);
    expect(res.body.results.filter((r) => r.status === 'applied')).toHaveLength(SYNC_BATCH_LIMIT);
    // About 200 ms on this machine when it is quiet; the bound only catches a pathological regression.
    expect(elapsed).toBeLessThan(5_000);
  });
});
