import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgliteDb, type DbHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// The embedded database a newcomer runs and the PostgreSQL a school runs must be the same schema.
// (PGlite is a newer PostgreSQL that also lists NOT NULL in pg_constraint; nullability is compared
// through the columns instead.)
async function describeSchema(db: Kysely<any>) {
  const rows = async (query: ReturnType<typeof sql>) => ((await query.execute(db)).rows as Record<string, unknown>[]).map((r) => JSON.stringify(r)).sort();
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default, is_identity
      from information_schema.columns where table_schema = 'public'`),
    constraints: await rows(sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n'`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`),
    triggers: await rows(sql`select tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal`),
    functions: await rows(sql`select proname, prosrc from pg_proc where pronamespace = 'public'::regnamespace`),
    sequences: await rows(sql`select sequence_name, data_type from information_schema.sequences where sequence_schema = 'public'`),
  };
}

// Needs a PostgreSQL server to compare with; CI always has one (see .ci/run).
describe.runIf(inject('postgres') !== null)('migrations on PostgreSQL and PGlite', () => {
  let postgres: TestDb;
  let pglite: DbHandle;

  beforeAll(async () => {
    postgres = await createTestDb();
    pglite = await createPgliteDb(undefined);
    await migrateToLatest(pglite.db);
  });
  afterAll(async () => {
    await pglite?.close();
    await postgres?.close();
  });

  it('produce the same tables, columns, constraints, indexes, triggers and functions', async () => {
    const [onPostgres, onPglite] = await Promise.all([describeSchema(postgres.db), describeSchema(pglite.db)]);
    expect(onPostgres.columns.length).toBeGreaterThan(200);
    expect(onPglite).toEqual(onPostgres);
  });
});
