import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../api/test/faults/server-process.js';

// The built product as a user gets it: api/dist/server.js serving pwa/dist, on the seeded demo
// school, in a fresh PostgreSQL database (or the embedded PGlite when BENCH_PWA_PGLITE=1).
// The environment is the browser tests' (pwa/e2e/harness.ts). `pnpm bench` builds first.

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const SERVER_JS = process.env.BENCH_SERVER_JS ? resolve(process.env.BENCH_SERVER_JS) : join(REPO_ROOT, 'api', 'dist', 'server.js');
export const PWA_DIST = process.env.BENCH_PWA_DIST ? resolve(process.env.BENCH_PWA_DIST) : join(REPO_ROOT, 'pwa', 'dist');
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface RunningApp {
  baseUrl: string;
  /** 'PostgreSQL' or 'PGlite', for the report. */
  database: string;
  stop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/infra/GetVersionNumber`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`The server did not answer within 2 minutes:\n${output()}`);
}

/** `databaseUrl`: an existing, seeded school (the API bench's database of a scale) instead of a fresh demo school. */
export async function startApp(options: { databaseUrl?: string } = {}): Promise<RunningApp> {
  for (const file of [SERVER_JS, join(PWA_DIST, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first (pnpm bench does).`);
  }
  const existing = options.databaseUrl;
  const usePglite = !existing && process.env.BENCH_PWA_PGLITE === '1';
  const dbName = `rollbook_bench_pwa_${randomBytes(5).toString('hex')}`;
  const dataDir = usePglite ? await mkdtemp(join(tmpdir(), 'rollbook-bench-pwa-')) : null;
  const databaseEnv: Record<string, string> = {};
  if (existing) {
    databaseEnv.DATABASE_URL = existing;
  } else if (dataDir) {
    databaseEnv.DATA_DIR = dataDir;
  } else {
    await adminQuery(`CREATE DATABASE "${dbName}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseEnv.DATABASE_URL = url.toString();
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'APP_VERSION', 'JWT_EXPIRES_IN']) delete env[name];
  Object.assign(env, databaseEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // Production requires a mail server; nothing measured sends mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    SEED_DEMO: existing ? '0' : '1',
    PWA_DIST,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [SERVER_JS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (existing) return;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    else await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  };
  try {
    await waitUntilServing(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  const database = existing ? 'PostgreSQL (the API bench\'s seeded database)' : usePglite ? 'PGlite (embedded)' : 'PostgreSQL (fresh database)';
  return { baseUrl, database, stop };
}
