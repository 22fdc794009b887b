import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { Db } from '../../src/db/create-db.js';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js';
import { useTestDb, type TestDb } from './test-db.js';

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
      // The outbox is sent when a test asks (app.mailOutbox.sendDue), not by a timer racing it.
      MAIL_OUTBOX_POLL_SECONDS: '0',
      // Periodic jobs run once, when the app is ready (a test settles them), never in the middle of a test.
      JOBS_CHECK_SECONDS: '0',
    }),
    ...overrides,
  };
}

export async function buildTestApp(db: Db, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db, logger: false });
  await app.ready();
  // The daily purges run when an app is ready; a test counting rows must not see them land.
  await app.jobs.settled();
  return app;
}

export interface TestApp {
  readonly testDb: Omit<TestDb, 'close'>;
  /** testDb.db: the file's own database. */
  readonly db: Db;
  readonly app: FastifyInstance;
}

export interface TestAppOptions {
  /** Fills the fresh database before the app starts over it (the demo school, for instance). */
  seed?: (db: Db) => Promise<unknown>;
}

/**
 * A fresh database and an app over it for the tests of this file (or describe block): made before
 * them, closed after them (the app, then its database). Call it where the hooks belong; the
 * fields can be read once the tests (or later beforeAll hooks) run.
 */
export function useTestApp(overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {}, options: TestAppOptions = {}): TestApp {
  const testDb = useTestDb();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    await options.seed?.(testDb.db);
    app = await buildTestApp(testDb.db, typeof overrides === 'function' ? overrides() : overrides);
  });
  // Runs before useTestDb's (hooks after the tests run last-registered first): the app, then its database.
  afterAll(async () => {
    await app?.close();
  });
  return {
    testDb,
    get db() {
      return testDb.db;
    },
    get app() {
      return opened(app);
    },
  };
}

/** useTestApp whose mail goes to a real SMTP server of its own: started before the app, closed after it. */
export function useTestAppWithInbox(): TestApp & { readonly inbox: SmtpInbox } {
  let inbox: SmtpInbox | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox?.close();
  });
  const ctx = useTestApp(() => ({ smtpUrl: opened(inbox).url }));
  return {
    get testDb() {
      return ctx.testDb;
    },
    get db() {
      return ctx.db;
    },
    get app() {
      return ctx.app;
    },
    get inbox() {
      return opened(inbox);
    },
  };
}

function opened<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('read before the beforeAll hook that opens it ran');
  return value;
}
