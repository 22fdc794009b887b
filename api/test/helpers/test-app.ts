import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { Db } from '../../src/db/create-db.js';

export const TEST_JWT_SECRET = randomBytes(32).toString('hex');

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: join(tmpdir(), `rollbook-test-${randomBytes(4).toString('hex')}`),
      PWA_DIST: join(tmpdir(), 'rollbook-no-pwa'),
      APP_VERSION: 'test-version',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}

export async function buildTestApp(db: Db, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db, logger: false });
  await app.ready();
  return app;
}
