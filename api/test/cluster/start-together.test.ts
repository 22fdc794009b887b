import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/create-db.js';
import { openDatabase } from '../../src/db/open-database.js';
import { adminClient, databaseUrl } from '../helpers/pg-admin.js';
import { buildTestApp } from '../helpers/test-app.js';

// Servers of a cluster started at the same moment on an empty database: one migrates and seeds
// (under an advisory lock), the others wait and find the work done. Without the lock they race:
// migrations fail on each other's tables, or the demo school is seeded twice.

const postgres = inject('postgres');
const name = `rollbook_start_${randomBytes(4).toString('hex')}`;

describe.runIf(postgres !== null)('servers starting together on an empty database', () => {
  const handles: DbHandle[] = [];
  const apps: FastifyInstance[] = [];
  let url: string;

  beforeAll(async () => {
    const admin = await adminClient(postgres!.adminUrl);
    await admin.query(`create database ${name}`);
    await admin.end();
    url = databaseUrl(postgres!.adminUrl, name);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const admin = await adminClient(postgres!.adminUrl);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrate and seed the demo school once, and share one development sign-in secret', async () => {
    const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', DATA_DIR: `/tmp/${name}`, LOG_LEVEL: 'silent' });
    handles.push(...(await Promise.all([1, 2, 3].map(() => openDatabase(config)))));
    const db = handles[0]!.db;
    const admins = await db.selectFrom('users').select('userId').where('username', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    const migrations = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(new Set(migrations.map((m) => (m as { name: string }).name)).size).toBe(migrations.length);

    // No JWT_SECRET: the servers generate one secret between them, so each accepts the others' sign-ins.
    for (const handle of handles) apps.push(await buildTestApp(handle.db, { jwtSecret: undefined }));
    const signedIn = await apps[0]!.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'admin', password: 'demo1234' } });
    expect(signedIn.statusCode).toBe(200);
    for (const app of apps.slice(1)) {
      const res = await app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${signedIn.json().token}` } });
      expect(res.statusCode).toBe(200);
    }
  });
});
