import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPostgresDb } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminClient, databaseUrl, findPostgres } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the tests use and the migrated template each file copies; null means PGlite. */
    postgres: { adminUrl: string; template: string } | null;
  }
}

// With PostgreSQL available, the schema is migrated once into a template database; every test
// file then gets its own copy of it (CREATE DATABASE … TEMPLATE), so files run in parallel on a
// fresh schema without paying for migrations each time.
export default async function setup(project: TestProject) {
  const adminUrl = await findPostgres();
  if (!adminUrl) {
    console.warn('API tests: no PostgreSQL reachable (set TEST_DATABASE_URL); using embedded PGlite.');
    project.provide('postgres', null);
    return;
  }
  const template = `rollbook_tpl_${randomBytes(4).toString('hex')}`;
  const admin = await adminClient(adminUrl);
  await admin.query(`create database ${template}`);
  await admin.end();
  const handle = createPostgresDb(databaseUrl(adminUrl, template), 2);
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('postgres', { adminUrl, template });

  return async () => {
    const client = await adminClient(adminUrl);
    await client.query(`drop database if exists ${template} with (force)`);
    await client.end();
  };
}
