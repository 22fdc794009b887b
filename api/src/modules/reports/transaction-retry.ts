import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.js';

// PostgreSQL may abort a transaction that raced another: serialization failure (40001), deadlock
// (40P01), or a unique key taken meanwhile (23505 on the month's revision number). Running it again
// from the start is then correct, since every read is repeated.
const RETRYABLE = new Set(['40001', '40P01']);
const RETRYABLE_UNIQUE = new Set(['payment_headers_month_revision_key']);

export function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  if (!e || typeof e.code !== 'string') return false;
  return RETRYABLE.has(e.code) || (e.code === '23505' && RETRYABLE_UNIQUE.has(e.constraint ?? ''));
}

export async function withTransactionRetries<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
