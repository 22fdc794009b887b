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

/** The SQLSTATE of a database error, if it is one. */
export const sqlStateOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

// 40001 serialization failure, 40P01 deadlock: PostgreSQL aborted a transaction that raced another.
const RACE_ABORTS = new Set(['40001', '40P01']);

/** PostgreSQL aborted the transaction for racing another: running it again from the start is correct, since every read is repeated. */
export const isRaceAbort = (err: unknown): boolean => RACE_ABORTS.has(sqlStateOf(err) ?? '');

export interface RetryOptions {
  /** Which errors mean "run it again"; default isRaceAbort. */
  retryable?: (err: unknown) => boolean;
  /** Runs in all, the first included. */
  attempts?: number;
}

/**
 * Runs work in a new transaction, and again after a pause of a few tens of milliseconds when it
 * failed with a retryable error, up to `attempts` runs. The push and the settlement raise share it.
 * Not a retry library: their backoff is made for network calls (seconds), a race abort wants the
 * next run at once, and the part that matters (which errors) is ours either way.
 */
export async function withTransactionRetries<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retryable = isRaceAbort, attempts = 5 } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= attempts || !retryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * 10 + Math.random() * 40));
    }
  }
}
