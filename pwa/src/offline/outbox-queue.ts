import { SYNC_BATCH_LIMIT } from '@rollbook/shared-types/sync';
import type { OutboxRow, RetryReason, RollbookDb } from './db';
import { isDue, retryDelayMs } from './backoff';
import { outboxWithStatus } from './local-rows';

// The queue's state changes around a send. Only the holder of the sender lock calls these, so a
// row marked 'sending' belongs to a batch in flight in that tab (or to a page that died mid-batch).

/** A page closed mid-batch leaves rows 'sending'; the server's idempotency makes resending them safe. */
export function recoverSending(db: RollbookDb): Promise<number> {
  return db.transaction('rw', db.outbox, () => outboxWithStatus(db, 'sending').modify({ status: 'pending' }));
}

/** The first pending row of this user (the queue is strictly ordered: nothing overtakes it). */
export async function headOfQueue(db: RollbookDb, userId: number): Promise<OutboxRow | undefined> {
  return outboxWithStatus(db, 'pending').filter((row) => row.userId === userId).first();
}

/**
 * Marks the next batch 'sending' (in seq order, at most 50) when the head of the queue is due;
 * returns it, or nothing when there is nothing to send yet.
 */
export function claimBatch(db: RollbookDb, userId: number, now: number): Promise<OutboxRow[]> {
  return db.transaction('rw', db.outbox, async () => {
    const head = await headOfQueue(db, userId);
    if (!head || !isDue(head.nextAttemptAt, now)) return [];
    const rows = await outboxWithStatus(db, 'pending').filter((row) => row.userId === userId).limit(SYNC_BATCH_LIMIT).toArray();
    await db.outbox.bulkUpdate(rows.map((row) => ({ key: row.seq, changes: { status: 'sending' as const } })));
    return rows;
  });
}

export interface FailedAttempt {
  error: string;
  reason: RetryReason;
  retryAfterMs: number | null;
}

/** A failed attempt: back to pending with backoff. Rows are never dropped, however often this happens. */
export function releaseForRetry(db: RollbookDb, rows: OutboxRow[], failure: FailedAttempt, now: number, random: () => number): Promise<void> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.bulkGet(rows.map((row) => row.seq));
    const updates = current.flatMap((row) => {
      if (!row || row.status !== 'sending') return [];
      const attempts = row.attempts + 1;
      const nextAttemptAt = now + retryDelayMs(attempts, failure.retryAfterMs, random);
      return [{ key: row.seq, changes: { status: 'pending' as const, attempts, nextAttemptAt, lastError: failure.error, retryReason: failure.reason } }];
    });
    await db.outbox.bulkUpdate(updates);
  });
}

/** Back to pending as they were: the attempt never reached a verdict (e.g. the token was refused). */
export function releaseUntried(db: RollbookDb, rows: OutboxRow[]): Promise<void> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.bulkGet(rows.map((row) => row.seq));
    const updates = current.flatMap((row) => (row?.status === 'sending' ? [{ key: row.seq, changes: { status: 'pending' as const } }] : []));
    await db.outbox.bulkUpdate(updates);
  });
}

/** Back online: what failed only for want of a network is due now, not after its backoff. */
export function retryNetworkFailuresNow(db: RollbookDb, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, () =>
    outboxWithStatus(db, 'pending').filter((row) => row.retryReason === 'network' && row.nextAttemptAt > now).modify({ nextAttemptAt: now }));
}
