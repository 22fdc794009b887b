import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// The pool prepares Kysely's statements by name (db/create-db.ts) so PostgreSQL stops planning the
// ten-table class and course selects on every request. What callers rely on: the same answers as
// unprepared statements, long `in` lists and transaction control still working, and a connection
// never holding more than its bounded set of prepared statements.

const testDb: TestDb = await createTestDb();
const postgres = testDb.kind === 'postgres' && testDb.url !== null;

describe.runIf(postgres)('prepared statements on PostgreSQL', () => {
  let handle: DbHandle;
  // One connection, so pg_prepared_statements shows what this pool prepared.
  beforeAll(() => { handle = createPostgresDb(testDb.url as string, 1); });
  afterAll(async () => { await handle?.close(); await testDb.close(); });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement);

  it('runs a parameterised query prepared once, and answers it the same every time', async () => {
    const query = (n: number) => handle.db.selectNoFrom(sql<number>`${n}::int + 1`.as('next')).executeTakeFirstOrThrow();
    for (let n = 1; n <= 8; n++) expect((await query(n)).next).toBe(n + 1);
    const statements = (await prepared()).filter((s) => s.includes('+ 1'));
    expect(statements).toHaveLength(1);
  });

  it('leaves statements with more than 64 parameters unprepared, with the right answer', async () => {
    const ids = Array.from({ length: 65 }, (_, i) => i + 1);
    const { rows } = await sql<{ total: number }>`select ${sql.join(ids.map((id) => sql`${id}::int`), sql` + `)} as total`.execute(handle.db);
    expect(rows[0]?.total).toBe((65 * 66) / 2);
    expect((await prepared()).some((s) => s.includes('$65'))).toBe(false);
  });

  it('keeps transactions working (their control statements are never prepared)', async () => {
    await expect(handle.db.transaction().execute(async (trx) => {
      await sql`create temporary table kept (n int) on commit drop`.execute(trx);
      await sql`insert into kept values (${1}), (${2})`.execute(trx);
      return (await sql<{ n: number }>`select sum(n)::int as n from kept`.execute(trx)).rows[0]?.n;
    })).resolves.toBe(3);
    expect((await prepared()).some((s) => /^\s*(begin|commit)/i.test(s))).toBe(false);
  });

  it('holds at most 500 prepared statements per connection; later new ones still answer', async () => {
    for (let i = 0; i < 520; i++) {
      const { rows } = await sql<{ v: number }>`select ${i}::int as v ${sql.raw(`-- shape ${i}`)}`.execute(handle.db);
      expect(rows[0]?.v).toBe(i);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(500);
  });
});
