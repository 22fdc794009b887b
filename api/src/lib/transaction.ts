import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/database.js';

/**
 * Runs work in the caller's transaction when given one (the sync push applies its changes inside
 * the transaction of its leg, each in a savepoint), else in a new one.
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  return db.transaction().execute(work);
}
