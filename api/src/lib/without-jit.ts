import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { inTransaction } from './transaction.js';

/**
 * Runs a list query with PostgreSQL's JIT compiler off. A list over thousands of courses or
 * classes is estimated expensive enough to trigger JIT, whose compiling then costs a second or
 * more, ten times the query itself. (Turning jit off for the whole database would make this
 * unnecessary.) Inside a caller's transaction the setting lasts until that transaction ends.
 */
export function withoutJit<T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return work(trx);
  });
}
