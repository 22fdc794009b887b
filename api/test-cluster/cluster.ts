import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSigner } from 'fast-jwt';
import { createPostgresDb, type DbHandle } from '../src/db/create-db.js';
import { freePort, waitFor } from '../test/faults/server-process.js';
import { adminClient, databaseUrl, findPostgres } from '../test/helpers/pg-admin.js';
import { startSmtpInbox, type SmtpInbox } from '../test/helpers/smtp-inbox.js';
import { serverCommand } from './deploy-files.js';
import { Nginx } from './nginx.js';

export type Role = { name: 'Teacher' | 'Student' | 'CompanyAdmin'; entityId: number | null };

/** One API server as systemd starts it from deploy/systemd/rollbook@.service. */
export class ClusterServer {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  constructor(readonly port: number, private readonly secrets: Record<string, string>, private readonly env: Record<string, string>) {}

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get log(): string {
    return this.output.join('').slice(-4_000);
  }

  /** Starts the process; `ready` waits until its health check answers (database up). */
  launch(extra: Record<string, string> = {}): ClusterServer {
    const command = serverCommand(this.port, this.secrets, { ...this.env, ...extra });
    if (!existsSync(command.args[0] ?? '')) throw new Error(`No server build at ${command.args[0]}: run pnpm --filter @rollbook/api build`);
    const child = spawn(command.command, command.args, { cwd: command.cwd, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = [];
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.removeListener('exit', killOnExit));
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.splice(0, 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return this;
  }

  async ready(): Promise<void> {
    await waitFor(`the server on port ${this.port} to answer`, async () => {
      if (!this.running) throw new Error(`The server on port ${this.port} exited while starting:\n${this.log}`);
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/api/infra/Health`, { signal: AbortSignal.timeout(2_000) });
        return res.ok ? true : undefined;
      } catch {
        return undefined;
      }
    }, 120_000, 100);
  }

  /** SIGKILL: no shutdown, requests in flight are cut off. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM, as systemctl stop sends it (KillSignal=SIGTERM): finishes what is in flight, then exits. */
  async stop(): Promise<void> {
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 30_000);
    await this.signal('SIGTERM');
    clearTimeout(timer);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}

export interface ClusterOptions {
  servers?: number;
  /** Environment every server gets beyond the example file's (SEED_DEMO, APP_VERSION …). */
  env?: Record<string, string>;
}

/**
 * N Rollbook servers on one fresh, empty PostgreSQL database behind nginx, started as the
 * deployment guide starts them, all at once (so they race to migrate and seed).
 */
export class Cluster {
  readonly jwtSecret = randomBytes(48).toString('base64url');
  readonly servers: ClusterServer[] = [];
  nginx!: Nginx;
  /** A connection of the test's own to the cluster's database, to set up and check. */
  handle!: DbHandle;
  private inbox!: SmtpInbox;
  private adminUrl = '';
  private readonly database = `rollbook_cluster_${randomBytes(4).toString('hex')}`;
  private readonly dir = mkdtempSync(join(tmpdir(), 'rollbook-cluster-'));
  private databaseUrl = '';

  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    const cluster = new Cluster();
    try {
      await cluster.boot(options);
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  get url(): string {
    return this.nginx.url;
  }

  get db() {
    return this.handle.db;
  }

  private async boot(options: ClusterOptions): Promise<void> {
    const adminUrl = await findPostgres();
    if (!adminUrl) throw new Error('pnpm test:cluster needs PostgreSQL: set TEST_DATABASE_URL (see .ci/run)');
    this.adminUrl = adminUrl;
    const admin = await adminClient(adminUrl);
    await admin.query(`create database ${this.database}`);
    await admin.end();
    this.databaseUrl = databaseUrl(adminUrl, this.database);
    this.inbox = await startSmtpInbox();
    const secrets = { DATABASE_URL: this.databaseUrl, JWT_SECRET: this.jwtSecret, SMTP_URL: this.inbox.url };
    const env = { LOG_LEVEL: 'warn', ...options.env };
    for (let i = 0; i < (options.servers ?? 3); i++) {
      const port = await freePort();
      this.servers.push(new ClusterServer(port, secrets, env));
    }
    // All at once, as after a power cut or `systemctl start rollbook@*`.
    for (const server of this.servers) server.launch();
    await Promise.all(this.servers.map((server) => server.ready()));
    this.nginx = new Nginx(join(this.dir, 'nginx'), await freePort(), this.servers.map((s) => s.port));
    await this.nginx.start();
    this.handle = createPostgresDb(this.databaseUrl, 4);
  }

  /** A bearer token every server accepts, signed as their own sign-in would be. */
  token(userId: number, roles: Role[]): string {
    return createSigner({ key: this.jwtSecret, expiresIn: 3_600_000 })({ sub: String(userId), roles });
  }

  /** Calls the cluster through nginx. */
  async call(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const { token, headers, ...rest } = init;
    return fetch(`${this.url}${path}`, {
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.body ? { 'content-type': 'application/json' } : {}), ...headers },
      signal: rest.signal ?? AbortSignal.timeout(30_000),
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.stop()));
    await this.nginx?.stop();
    await this.handle?.close();
    await this.inbox?.close();
    if (this.adminUrl) {
      const admin = await adminClient(this.adminUrl);
      await admin.query(`drop database if exists ${this.database} with (force)`);
      await admin.end();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

