import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { withAuditActor } from './audit-actor.js';
import type { DB } from './database.js';

export type Db = Kysely<DB>;

const INT8_OID = 20;
const DATE_OID = 1082;

// Counts and bigint totals come back as numbers (they stay far below 2^53) and calendar dates as
// 'yyyy-MM-dd' strings, the same on both drivers: a date has no time zone to shift.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));
pg.types.setTypeParser(DATE_OID, (v) => v);

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Where a Db's connections come from, for the few things a pooled, borrowed connection cannot do:
 * hold a session (LISTEN, an advisory lock) for as long as needed. Kept beside each Db built here,
 * so everything that has the Db (the app, a test) can open one without being handed a URL.
 */
export type DbSource = { kind: 'postgres'; connectionString: string; connectionTimeoutMs: number } | { kind: 'pglite'; pglite: PGlite };

const sources = new WeakMap<Db, DbSource>();

export function dbSourceOf(db: Db): DbSource {
  const source = sources.get(db);
  if (!source) throw new Error('This Kysely instance was not made by createPostgresDb or createPgliteDb');
  return source;
}

/**
 * How long opening a connection to PostgreSQL may take. Without it a request hangs for as long as
 * PostgreSQL does not answer (a hung server, a lost network); with it the request fails and the
 * errors plugin answers 503, so phones retry later. Only opening is bounded, not waiting for a free
 * pooled connection: at 9 a.m. hundreds of phones queue for the pool, and that wait must end in an
 * answer, not a 503 (an unreachable server fails every waiting request as its connection fails).
 */
export const CONNECTION_TIMEOUT_MS = 10_000;

export function createPostgresDb(connectionString: string, poolSize = 10, connectionTimeoutMs = CONNECTION_TIMEOUT_MS): DbHandle {
  // JIT compilation costs more than it saves on Rollbook's short list queries (over a second on the
  // course and class lists at school scale), so it is off for every connection.
  // The pool's own connectionTimeoutMillis would also bound the wait for a free connection (see
  // above), so the timeout is given to each client as it is created instead.
  class BoundedConnectClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectionTimeoutMs });
      preparesStatements(this);
    }
  }
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off', Client: BoundedConnectClient });
  // A client losing its server (restart, failover) must not crash the process. The pool listens
  // for errors of idle clients only; a client in use emits 'error' with no listener, which Node
  // turns into an uncaught exception. Its query still fails (the request answers 503) and the pool
  // drops the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: withAuditActor(new PostgresDialect({ pool })), plugins: [new CamelCasePlugin()] });
  sources.set(db, { kind: 'postgres', connectionString, connectionTimeoutMs });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Statements with more parameters than this (long `in` lists) are planned each time, as before. */
const MAX_PREPARED_PARAMETERS = 64;
/** Distinct statements one connection keeps prepared; later new ones run unprepared. */
const MAX_PREPARED_PER_CONNECTION = 500;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start|set|reset|lock|select pg_backend_pid)/i;

/** Names kept per statement text for the whole process; texts past this many are hashed each time. */
const MAX_KEPT_NAMES = 2_000;
const statementNames = new Map<string, string>();

/**
 * The statement's name: its text's hash. Kept, since hashing the text on every query was 3% of a
 * dashboard call's CPU (its statement is 1.5 KB); the map's lookup reuses the hash V8 keeps in the
 * string, and the statements compiled once are the same string on every call.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `rb_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < MAX_KEPT_NAMES) statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs Kysely's parameterised statements as named prepared statements on this connection. Why:
 * an unnamed statement is planned on every execution, and the class and course selects join ten
 * tables, so planning cost more than running them (3 ms of 6 for a teacher's week at scale 100).
 * A named statement is planned for its first executions and then, when PostgreSQL finds a generic
 * plan no worse, not again. The name is the text's hash, so the same SQL is the same statement on
 * every connection. Bounded per connection (and long `in` lists excluded) so memory stays flat.
 */
function preparesStatements(client: pg.Client): void {
  const unprepared = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined
      || values.length > MAX_PREPARED_PARAMETERS || TRANSACTION_CONTROL.test(text)) return unprepared(...args);
    const name = statementName(text);
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED_PER_CONNECTION) return unprepared(...args);
      names.add(name);
    }
    return unprepared({ name, text, values });
  };
}

/** dataDir undefined gives an in-memory database (tests). */
export async function createPgliteDb(dataDir: string | undefined): Promise<DbHandle> {
  const parsers = { [INT8_OID]: (v: string) => Number(v), [DATE_OID]: (v: string) => v };
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers });
  const db = new Kysely<DB>({ dialect: withAuditActor(new PGliteDialect({ pglite })), plugins: [new CamelCasePlugin()] });
  sources.set(db, { kind: 'pglite', pglite });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
