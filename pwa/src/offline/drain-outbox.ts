import type { MutationEnvelope, PushResponse } from '@rollbook/shared-types/sync';
import type { OutboxRow, RollbookDb } from './db';
import { ensureClientId } from './meta';
import { claimBatch, headOfQueue, recoverSending, releaseForRetry, releaseUntried } from './outbox-queue';
import { applyPushResults } from './push-results';
import type { SyncCallOutcome, SyncHttp } from './sync-http';

// Sends the queue in seq order, batch after batch, until it is empty, not yet due, or a batch fails.
// Runs only while holding the sender lock.

export const WAITING_FOR_EARLIER_MESSAGE = 'Waiting for earlier changes to reach the server';

export interface DrainContext {
  db: RollbookDb;
  userId: number;
  http: SyncHttp;
  now: () => number;
  random: () => number;
  shouldContinue: () => boolean;
  /** This user's usable token, or null: then nothing is sent. */
  token: () => string | null;
  onSending: (sending: boolean) => void;
  onTokenRefused: (token: string) => void;
  onSendError: (error: string | null) => void;
}

const toEnvelope = (row: OutboxRow): MutationEnvelope => ({
  mutationId: row.mutationId, seq: row.seq, name: row.name, args: row.args, baseVersion: row.baseVersion, madeAt: row.madeAt,
});

/** Returns how many changes got a verdict (applied, duplicate, rejected, conflict). */
export async function drainOutbox(ctx: DrainContext): Promise<number> {
  const { db, userId } = ctx;
  await recoverSending(db);
  const clientId = await ensureClientId(db);
  let answered = 0;
  while (ctx.shouldContinue()) {
    if (!(await headOfQueue(db, userId))) break;
    const token = ctx.token();
    if (!token) break;
    const batch = await claimBatch(db, userId, ctx.now());
    if (batch.length === 0) break;
    ctx.onSending(true);
    const outcome = await ctx.http.push({ clientId, mutations: batch.map(toEnvelope) }, token).finally(() => ctx.onSending(false));
    const verdicts = await settleBatch(ctx, batch, outcome, token);
    answered += verdicts;
    if (verdicts === 0) break;
  }
  return answered;
}

async function settleBatch(ctx: DrainContext, batch: OutboxRow[], outcome: SyncCallOutcome<PushResponse>, token: string): Promise<number> {
  const { db } = ctx;
  switch (outcome.kind) {
    case 'ok': {
      const summary = await applyPushResults(db, batch, outcome.data, ctx.now());
      ctx.onSendError(null);
      if (summary.waiting.length === 0) return summary.answered;
      // Some went through: send the rest next round. None did: the server waits for a seq we do
      // not have, so back off instead of spinning (the stuck banner shows after 10 tries).
      if (summary.answered > 0) await releaseUntried(db, summary.waiting);
      else await releaseForRetry(db, summary.waiting, { error: WAITING_FOR_EARLIER_MESSAGE, reason: 'waiting', retryAfterMs: null }, ctx.now(), ctx.random);
      return summary.answered;
    }
    case 'unauthorized':
      await releaseUntried(db, batch);
      ctx.onTokenRefused(token);
      return 0;
    case 'retry':
      await releaseForRetry(db, batch, { error: outcome.error, reason: outcome.network ? 'network' : 'server', retryAfterMs: outcome.retryAfterMs }, ctx.now(), ctx.random);
      ctx.onSendError(outcome.error);
      return 0;
    case 'refused':
      await releaseForRetry(db, batch, { error: outcome.error, reason: 'refused', retryAfterMs: null }, ctx.now(), ctx.random);
      ctx.onSendError(outcome.error);
      return 0;
  }
}
