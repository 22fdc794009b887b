// NOTE: several engineers run these tests at once. Never build into pwa/dist or api/dist while
// others work: build privately and point E2E_PWA_DIST / E2E_SERVER_JS at it (see pwa/README.md).
/**
 * Starts the real product for browser tests: the built API server (which also serves the
 * built PWA) on a free port, against a throwaway database, plus Chromium options.
 *
 * Environment contract:
 * - needs `pwa/dist/index.html` and `api/dist/server.js` (run `pnpm build`);
 * - TEST_DATABASE_URL set (e.g. postgres://postgres@127.0.0.1:5432/test), or else a local
 *   PostgreSQL answering on 127.0.0.1:5432: a fresh database rollbook_e2e_<random> is created on
 *   that server and dropped afterwards; neither: the server's embedded PGlite runs in a fresh
 *   temporary DATA_DIR (the sync tests, which read the database directly, then refuse to run);
 * - the server gets PORT, HOST=127.0.0.1, NODE_ENV=production, a random JWT_SECRET, an SMTP_URL that
 *   sends nothing anywhere (a test reading mail passes its inbox),
 *   SEED_DEMO=1 and PWA_DIST (a temporary copy of pwa/dist, so tests may change it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { LaunchOptions } from 'playwright-core';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
// E2E_PWA_DIST / E2E_SERVER_JS let several engineers test private builds side by side
// (e.g. pwa/.build-x and api/.build-x) without overwriting each other's dist folders.
export const PWA_DIST = process.env.E2E_PWA_DIST ? resolve(process.env.E2E_PWA_DIST) : join(REPO_ROOT, 'pwa', 'dist');
export const SERVER_JS = process.env.E2E_SERVER_JS ? resolve(process.env.E2E_SERVER_JS) : join(REPO_ROOT, 'api', 'dist', 'server.js');

const STARTUP_TIMEOUT_MS = 90_000;

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export interface RunningStack {
  baseUrl: string;
  /** Folder the server serves the PWA from (a copy of pwa/dist). */
  pwaDist: string;
  /** The server's PostgreSQL database (TEST_DATABASE_URL set), for tests that check rows directly; else null. */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

export function assertBuilt(): void {
  const missing = [join(PWA_DIST, 'index.html'), SERVER_JS].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Browser tests need the built app, missing: ${missing.join(', ')}. Run \`pnpm build\` at the repository root first.`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Connects as TEST_DATABASE_URL, or to its server's "postgres" database if that one does not exist. */
async function adminClient(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const fallback = new URL(serverUrl);
    fallback.pathname = '/postgres';
    const retry = new pg.Client({ connectionString: fallback.toString() });
    await retry.connect();
    return retry;
  }
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** TEST_DATABASE_URL, else a local PostgreSQL on the default port if one answers (as the API tests do), else null. */
async function findPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  try {
    const client = await adminClient(LOCAL_POSTGRES);
    await client.end();
    return LOCAL_POSTGRES;
  } catch {
    return null;
  }
}

async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = await findPostgres();
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-'));
    return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `rollbook_e2e_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = await adminClient(serverUrl);
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The API server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/infra/GetVersionNumber`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`The API server did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface StackOptions {
  /** Extra environment for the server, e.g. SMTP_URL of a test inbox (people-signup-and-reset). */
  env?: Record<string, string>;
}

/** Starts the built server against a fresh database; `stop()` ends it and removes what it made. */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  assertBuilt();
  const pwaDist = await mkdtemp(join(tmpdir(), 'rollbook-e2e-pwa-'));
  await cp(PWA_DIST, pwaDist, { recursive: true });
  const database = await createTestDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'APP_VERSION', 'JWT_EXPIRES_IN']) delete env[name];
  Object.assign(env, database.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // Production requires a mail server; tests that read mail pass their inbox in options.env.
    SMTP_URL: 'smtp://127.0.0.1:9',
    SEED_DEMO: '1',
    PWA_DIST: pwaDist,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
  }, options.env);

  const child = spawn(process.execPath, [SERVER_JS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const cleanUp = async () => {
    await stopProcess(child);
    await database.drop();
    await rm(pwaDist, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseUrl, child, () => log);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { baseUrl, pwaDist, databaseUrl: database.env.DATABASE_URL ?? null, stop: cleanUp };
}
