import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

// A throw-away PostgreSQL cluster of the test's own, for tests that stop and start the database
// server: the shared one on 5432 serves everyone's tests and must never be restarted.
// PostgreSQL refuses to run as root, so when the tests run as root the cluster is run as the
// `postgres` OS user (runuser).

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export function privatePostgresAvailable(): boolean {
  return existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'));
}

export class PrivatePostgres {
  readonly dir = mkdtempSync('/tmp/rollbook-pg-');
  readonly dataDir = join(this.dir, 'data');
  port = 0;
  private initialised = false;

  /** Connection string of a database on this cluster. */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private async asPostgres(command: string, args: string[]): Promise<void> {
    const asRoot = userInfo().uid === 0;
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
    await run(file, argv, { timeout: 60_000 });
  }

  async init(): Promise<void> {
    this.port = await freePort();
    if (userInfo().uid === 0) {
      const { uid, gid } = await this.postgresUser();
      chownSync(this.dir, uid, gid);
    }
    await this.asPostgres('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    this.initialised = true;
  }

  /** Starts the server and waits until it accepts connections (-w). */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
    await this.asPostgres('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'server.log'), '-w', 'start']);
  }

  /** Fast shutdown: sessions are ended (57P01) and new connections refused until start(). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.asPostgres('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async createDatabase(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url('postgres'), connectionTimeoutMillis: 5_000 });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  }

  /** Stops the cluster if it runs and deletes its folder; safe to call at any point. */
  async dispose(): Promise<void> {
    if (this.initialised && existsSync(join(this.dataDir, 'postmaster.pid'))) {
      await this.stop('immediate').catch(() => undefined);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async postgresUser(): Promise<{ uid: number; gid: number }> {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  }
}
