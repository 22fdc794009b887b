import pg from 'pg';
import { dbSourceOf, type Db } from './create-db.js';

// Work that one server of a cluster must do alone (migrating and seeding at start, the daily purges)
// runs under a PostgreSQL advisory lock named after it. The lock is held by a session of its own,
// not a pooled connection: the work itself runs on the pool (several statements, transactions of
// its own), and should the server die, PostgreSQL ends the session and the lock goes with it.
//
// PGlite is one in-process session that only one process can open, so its advisory locks are
// always granted; there the same promise is kept by a queue in the process, which is all of the
// "cluster" an embedded database can have.

const pgliteHolders = new Map<string, Promise<unknown>>();

async function lockSession(source: { connectionString: string; connectionTimeoutMs: number }): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: source.connectionString, connectionTimeoutMillis: source.connectionTimeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const KEY = `hashtextextended('rollbook:' || $1, 0)`;

async function underPgliteQueue<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const before = pgliteHolders.get(name) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(fn);
  pgliteHolders.set(name, run);
  try {
    return await run;
  } finally {
    if (pgliteHolders.get(name) === run) pgliteHolders.delete(name);
  }
}

/** Runs fn once no other server holds the lock `name`, holding it meanwhile. */
export async function withClusterLock<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  const source = dbSourceOf(db);
  if (source.kind === 'pglite') return underPgliteQueue(name, fn);
  const session = await lockSession(source);
  try {
    await session.query(`select pg_advisory_lock(${KEY})`, [name]);
    return await fn();
  } finally {
    await session.end().catch(() => undefined);
  }
}

/** Runs fn only when no other server holds the lock `name` right now; answers whether it ran. */
export async function tryClusterLock(db: Db, name: string, fn: () => Promise<void>): Promise<boolean> {
  const source = dbSourceOf(db);
  if (source.kind === 'pglite') {
    if (pgliteHolders.has(name)) return false;
    await underPgliteQueue(name, fn);
    return true;
  }
  const session = await lockSession(source);
  try {
    const { rows } = await session.query<{ locked: boolean }>(`select pg_try_advisory_lock(${KEY}) as locked`, [name]);
    if (!rows[0]?.locked) return false;
    await fn();
    return true;
  } finally {
    // Ending the session releases the lock; no unlock statement that could fail on its own.
    await session.end().catch(() => undefined);
  }
}
