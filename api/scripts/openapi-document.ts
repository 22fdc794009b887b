// The OpenAPI document exactly as the app serves it at /api/docs/json, built without a database or
// a listening port: the app is built from a test config over a Kysely that only compiles queries.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DB } from '../src/db/database.js';
import { NO_NOTIFICATIONS } from '../src/db/notifications.js';

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-openapi-'));
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    PWA_DIST: join(dataDir, 'no-pwa'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, notifications: NO_NOTIFICATIONS, logger: false });
  try {
    const response = await app.inject({ url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}: ${response.body}`);
    return response.json();
  } finally {
    await app.close();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
