import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPgliteDb, createPostgresDb, type Db } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminClient, databaseUrl } from './pg-admin.js';

export interface TestDb {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Connection string of this file's own database (PostgreSQL only). */
  url: string | null;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the template on PostgreSQL, else in-memory PGlite. */
export async function createTestDb(): Promise<TestDb> {
  const postgres = inject('postgres');
  if (!postgres) {
    const handle = await createPgliteDb(undefined);
    await migrateToLatest(handle.db);
    return { db: handle.db, kind: 'pglite', url: null, close: handle.close };
  }
  const { adminUrl, template } = postgres;
  const name = `rollbook_t_${randomBytes(5).toString('hex')}`;
  const admin = await adminClient(adminUrl);
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const handle = createPostgresDb(url, 5);
  return {
    db: handle.db,
    kind: 'postgres',
    url,
    close: async () => {
      await handle.close();
      const client = await adminClient(adminUrl);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh database for the tests of this file (or describe block) that need no app: made before
 * them, closed after them. Its fields can be read once the tests (or later beforeAll hooks) run.
 */
export function useTestDb(): Omit<TestDb, 'close'> {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.close();
  });
  const opened = (): TestDb => {
    if (!testDb) throw new Error('read before the beforeAll hook that opens the database ran');
    return testDb;
  };
  return {
    get db() {
      return opened().db;
    },
    get kind() {
      return opened().kind;
    },
    get url() {
      return opened().url;
    },
  };
}
