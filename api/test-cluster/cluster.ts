import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserRole } from '@rollbook/shared-types/auth';
import { createPostgresDb, type DbHandle } from '../src/db/create-db.js';
import { freePort, ServerChild, signedToken } from '../test/faults/server-process.js';
import { adminClient, databaseUrl, findPostgres } from '../test/helpers/pg-admin.js';
import { startSmtpInbox, type SmtpInbox } from '../test/helpers/smtp-inbox.js';
import { serverCommand } from './deploy-files.js';
import { Nginx } from './nginx.js';

/** One API server as systemd starts it from deploy/systemd/rollbook@.service (30 s to stop: TimeoutStopSec). */
export class ClusterServer extends ServerChild {
  constructor(readonly port: number, private readonly secrets: Record<string, string>, private readonly env: Record<string, string>) {
    super(30_000);
  }

  /** Starts the process; `ready` waits until its health check answers (database up). */
  launch(extra: Record<string, string> = {}): ClusterServer {
    const command = serverCommand(this.port, this.secrets, { ...this.env, ...extra });
    if (!existsSync(command.args[0] ?? '')) throw new Error(`No server build at ${command.args[0]}: run pnpm --filter @rollbook/api build`);
    this.spawnServer(command.command, command.args, { cwd: command.cwd, env: command.env });
    return this;
  }

  async ready(): Promise<void> {
    await this.answering(`http://127.0.0.1:${this.port}/api/infra/Health`, `the server on port ${this.port}`, 120_000);
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
  token(userId: number, roles: UserRole[]): string {
    return signedToken(this.jwtSecret, userId, roles);
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

