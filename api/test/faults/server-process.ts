import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserRole } from '@rollbook/shared-types/auth';
import { createSigner } from 'fast-jwt';

// The production server as a real process, for tests that kill it or pull its database away.
// Which build runs: FAULT_SERVER_JS (relative to the repository root, or absolute), else api/dist,
// which `pnpm test` builds before running the tests.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_JS = resolve(repoRoot, process.env.FAULT_SERVER_JS ?? 'api/dist/server.js');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A fault test restarts processes and waits on them: more than the usual 30 s on a busy machine. */
export const FAULT_TEST_TIMEOUT_MS = 180_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value (not undefined) or `timeoutMs` passes. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A bearer token a server with `secret` accepts, signed as its own sign-in would be. */
export function signedToken(secret: string, userId: number, roles: UserRole[]): string {
  return createSigner({ key: secret, expiresIn: 3_600_000 })({ sub: String(userId), roles });
}

/**
 * A server process a test starts: it dies with the test process, keeps its last output for
 * failure messages, and is stopped as systemd stops it. The fault tests' ServerProcess, the
 * cluster test's servers and its nginx each start theirs from their own command; the rest is here.
 */
export class ServerChild {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  /** stopGraceMs: how long `stop` waits after SIGTERM before it sends SIGKILL. */
  constructor(private readonly stopGraceMs: number) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** True while the process started last has not exited. */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The server's last lines of output, for failure messages. */
  get log(): string {
    return this.output.join('').slice(-4_000);
  }

  protected spawnServer(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): void {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = [];
    // Should the test process itself die, it must not leave a server behind.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.removeListener('exit', killOnExit));
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.splice(0, 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** Waits until GET url answers 2xx; fails at once should the process exit meanwhile. */
  protected async answering(url: string, what: string, timeoutMs: number): Promise<void> {
    await waitFor(`${what} to answer`, async () => {
      if (!this.running) throw new Error(`${what} exited while starting:\n${this.log}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        return res.ok ? true : undefined;
      } catch {
        return undefined;
      }
    }, timeoutMs, 100);
  }

  /** SIGKILL: no shutdown hooks, requests in flight and open transactions are cut off where they are. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM (graceful: what is in flight is answered), SIGKILL if it has not gone after stopGraceMs. */
  async stop(): Promise<void> {
    if (!this.running) return;
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), this.stopGraceMs);
    await this.signal('SIGTERM');
    clearTimeout(timer);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    await exited;
  }
}

export interface ServerOptions {
  databaseUrl: string;
  /** Kept across restarts so tokens stay valid. */
  jwtSecret?: string;
  port?: number;
  seedDemo?: boolean;
}

/** A Rollbook server process that can be killed and started again on the same port and database. */
export class ServerProcess extends ServerChild {
  readonly jwtSecret: string;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'rollbook-fault-'));
  port = 0;

  constructor(private readonly options: ServerOptions) {
    super(10_000);
    this.jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!existsSync(SERVER_JS)) throw new Error(`No server build at ${SERVER_JS}: run the build, or set FAULT_SERVER_JS`);
    this.port ||= this.options.port ?? (await freePort());
    this.spawnServer(process.execPath, [SERVER_JS], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: this.options.databaseUrl,
        JWT_SECRET: this.jwtSecret,
        // Production requires a mail server; nothing these tests do sends mail (port 9 discards).
        SMTP_URL: 'smtp://127.0.0.1:9',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SEED_DEMO: this.options.seedDemo ? '1' : '0',
        DATA_DIR: this.dataDir,
        PWA_DIST: join(this.dataDir, 'no-pwa'),
        APP_VERSION: 'fault-test',
        LOG_LEVEL: 'warn',
      },
    });
    await this.answering(`${this.url}/api/infra/GetVersionNumber`, 'the server', 60_000);
  }

  /** Stops the process and removes its data folder; safe to call when it never started. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A bearer token the server accepts, signed as its own sign-in would be. */
  token(userId: number, roles: UserRole[]): string {
    return signedToken(this.jwtSecret, userId, roles);
  }
}
