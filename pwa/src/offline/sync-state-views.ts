import type { RollbookDb } from './db';
import { readMeta } from './meta';
import { outboxWithStatus } from './local-rows';

// What the sync status chip, the "Last synced" line and the stuck banner read (the Sync issues
// list reads sync-issue-views).

export const STUCK_AGE_MS = 24 * 60 * 60_000;
export const STUCK_ATTEMPTS = 10;

export interface OutboxSummary {
  /** Changes not yet answered (pending + sending). */
  pendingCount: number;
  sendingCount: number;
  /** Device time (ms) the oldest unanswered change was made, null when none. */
  oldestPendingMadeAt: number | null;
  /** Most failed attempts of an unanswered change. */
  maxAttempts: number;
  issuesCount: number;
  lastSyncedAt: string | null;
  lastPulledAt: string | null;
}

export async function outboxSummary(db: RollbookDb): Promise<OutboxSummary> {
  const [pending, sending, rejected, conflict] = await Promise.all(
    (['pending', 'sending', 'rejected', 'conflict'] as const).map((status) => outboxWithStatus(db, status).toArray()),
  );
  const unsent = [...(pending ?? []), ...(sending ?? [])];
  const madeAts = unsent.map((row) => Date.parse(row.madeAt)).filter((t) => !Number.isNaN(t));
  return {
    pendingCount: unsent.length,
    sendingCount: sending?.length ?? 0,
    oldestPendingMadeAt: madeAts.length ? Math.min(...madeAts) : null,
    maxAttempts: Math.max(0, ...unsent.map((row) => row.attempts)),
    issuesCount: (rejected?.length ?? 0) + (conflict?.length ?? 0),
    lastSyncedAt: (await readMeta(db, 'lastSyncedAt')) ?? null,
    lastPulledAt: (await readMeta(db, 'lastPulledAt')) ?? null,
  };
}
