import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { createClass, createCourseFixture } from '../helpers/payment-factories.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { backendsWaitingForLock, waitForBackendGone } from './fault-fixtures.js';
import { FAULT_TEST_TIMEOUT_MS, ServerProcess, waitFor } from './server-process.js';

// The server process dies (SIGKILL) in the middle of raising a settlement report: the header is
// written, the lines are not yet. A raise is one transaction, so after a restart there must be no
// trace of it (no header without lines, no class Paid without a line, no line for an unpaid class),
// and raising again gives exactly one report with every class in it once.
//
// To stop the raise part-way on purpose, payment_lines is locked (SHARE) from another connection:
// reads go on, the raise's insert of its lines waits. Needs real PostgreSQL and the built server.

describe.runIf(inject('postgres') !== null)('SIGKILL of the API in the middle of a settlement raise', () => {
  let testDb: TestDb;
  let server: ServerProcess;
  let locker: pg.Client | undefined;
  let teacherIds: number[];
  let classIds: number[];
  let adminToken: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    const admin = await createUser(testDb.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    teacherIds = [];
    classIds = [];
    for (const ratePence of [1735, 2199]) {
      const fixture = await createCourseFixture(testDb.db, { ratePence });
      teacherIds.push(fixture.teacherId);
      for (let day = 1; day <= 8; day++) classIds.push(await createClass(testDb.db, fixture, { startsAt: `2026-10-${String(day + 4).padStart(2, '0')}T17:00:00Z`, classLength: 45 + day }));
    }
    server = new ServerProcess({ databaseUrl: testDb.url! });
    await server.start();
    adminToken = server.token(admin.userId, [{ name: 'CompanyAdmin', entityId: null }]);
  });

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.dispose();
    await testDb?.close();
  });

  const raise = () => fetch(`${server.url}/api/reports/RaisePaymentReport?teacherIds=${teacherIds.join(',')}&periodEndDate=31/10/2026`, {
    headers: { authorization: `Bearer ${adminToken}` }, signal: AbortSignal.timeout(60_000),
  });

  /** Anything of a half-raised report: headers without lines or with a total not their lines' sum, classes Paid without a line or the reverse. */
  async function halfRaised() {
    const { rows: headers } = await sql`
      select h.payment_header_id from payment_headers h left join payment_lines l on l.payment_header_id = h.payment_header_id
      group by h.payment_header_id having count(l.payment_line_id) = 0 or h.amount_total_pence <> sum(l.amount_pence)`.execute(testDb.db);
    const { rows: classes } = await sql`
      select c.class_id from classes c left join payment_lines l on l.class_id = c.class_id
      where (c.status_id = 6) <> (l.payment_line_id is not null) or l.payment_header_id is distinct from c.payment_header_id`.execute(testDb.db);
    return { headers, classes };
  }

  const count = async (table: 'paymentHeaders' | 'paymentLines') =>
    Number((await testDb.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('leaves no half-raised report after the kill, and raising again after a restart gives exactly one report', async () => {
    locker = new pg.Client({ connectionString: testDb.url! });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table payment_lines in share mode');

    const cut = raise();
    cut.catch(() => undefined);
    const [waiting] = await waitFor('the raise to wait on payment_lines', async () => {
      const pids = await backendsWaitingForLock(testDb.db);
      return pids.length > 0 ? pids : undefined;
    });
    // Part-way: the raise has written its header (it holds a write lock on payment_headers) and waits to write the lines.
    const { rows: held } = await sql<{ relation: string; mode: string; granted: boolean }>`
      select relation::regclass::text as relation, mode, granted from pg_locks
      where pid = ${waiting} and relation in ('payment_headers'::regclass, 'payment_lines'::regclass)`.execute(testDb.db);
    expect(held).toEqual(expect.arrayContaining([
      { relation: 'payment_headers', mode: 'RowExclusiveLock', granted: true },
      { relation: 'payment_lines', mode: 'RowExclusiveLock', granted: false },
    ]));

    await server.kill();
    await expect(cut).rejects.toThrow();
    await locker.query('rollback');
    await locker.end();
    locker = undefined;
    // The dead server's transaction goes on once the lock is free, finds its client gone and rolls back.
    await waitForBackendGone(testDb.db, waiting!);

    expect(await halfRaised()).toEqual({ headers: [], classes: [] });
    expect([await count('paymentHeaders'), await count('paymentLines')]).toEqual([0, 0]);
    const statuses = await testDb.db.selectFrom('classes').select(['statusId', 'paymentHeaderId']).where('classId', 'in', classIds).execute();
    expect(statuses.every((c) => c.statusId === 3 && c.paymentHeaderId === null)).toBe(true);

    await server.start();
    const again = await raise();
    expect(again.status).toBe(200);
    const report = (await again.json()) as { classCount: number; paymentHeader: { paymentHeaderId: number; revision: number } };
    expect(report.classCount).toBe(classIds.length);
    // The cut raise left no revision behind either: this is the month's first report.
    expect(report.paymentHeader.revision).toBe(1);
    expect(await halfRaised()).toEqual({ headers: [], classes: [] });
    expect([await count('paymentHeaders'), await count('paymentLines')]).toEqual([1, classIds.length]);

    // And a third raise finds nothing left to pay.
    const third = await raise();
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({ code: 'NO_CLASSES_TO_PROCESS' });
    expect(await count('paymentHeaders')).toBe(1);
  }, FAULT_TEST_TIMEOUT_MS);
});
