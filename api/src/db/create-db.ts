import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
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

export function createPostgresDb(connectionString: string, poolSize = 10): DbHandle {
  // JIT compilation costs more than it saves on Rollbook's short list queries (over a second on the
  // course and class lists at school scale), so it is off for every connection.
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** dataDir undefined gives an in-memory database (tests). */
export async function createPgliteDb(dataDir: string | undefined): Promise<DbHandle> {
  const parsers = { [INT8_OID]: (v: string) => Number(v), [DATE_OID]: (v: string) => v };
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
