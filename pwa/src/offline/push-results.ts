import type { MutationResult, PushResponse } from '@rollbook/shared-types/sync';
import type { OutboxRow, RollbookDb } from './db';
import { writeMeta } from './meta';
import { applyToAttendance, applyToClass, mergeServerAttendance, mergeServerClass, withAppliedVersion } from './mutation-effects';
import { refreshRowOf } from './local-rows';

// Each change in a batch gets its own answer, applied here in one transaction with the cached rows
// it affects: an answered change leaves the outbox (or becomes a sync issue) together with its row.

export interface BatchSummary {
  /** Changes the server gave a verdict on (applied, duplicate, rejected, conflict). */
  answered: number;
  /** Changes still waiting: outOfOrder, or missing from the answer. */
  waiting: OutboxRow[];
}

export const CONFLICT_MESSAGE = 'Someone else changed this since you made your change';
export const REJECTED_MESSAGE = 'The server refused this change';

/** A duplicate repeats the first answer: act on that. */
function verdictOf(result: MutationResult): 'applied' | 'rejected' | 'conflict' | 'outOfOrder' {
  if (result.status === 'duplicate') return result.previous ?? 'applied';
  return result.status;
}

async function settle(db: RollbookDb, row: OutboxRow, result: MutationResult): Promise<void> {
  const verdict = verdictOf(result);
  if (verdict === 'applied') {
    await db.outbox.delete(row.seq);
    await refreshRowOf(db, row, {
      // The server now holds our value: it becomes our copy of the server's row.
      // "All attended" answers each line's version in server.lines.
      attendance: (line) => mergeServerAttendance(withAppliedVersion(applyToAttendance(line, row), row, result.version), result.server),
      cls: (cls) => withAppliedVersion(applyToClass(cls, row), row, result.version),
    });
    return;
  }
  const message = result.message ?? (verdict === 'conflict' ? CONFLICT_MESSAGE : REJECTED_MESSAGE);
  await db.outbox.update(row.seq, {
    status: verdict === 'conflict' ? 'conflict' : 'rejected',
    lastError: message,
    server: result.server ?? null,
    retryReason: null,
  });
  // The teacher's value is taken off the row: it shows the server's again until they choose.
  await refreshRowOf(db, row, {
    attendance: (line) => mergeServerAttendance(line, result.server, verdict === 'conflict' ? result.version : undefined),
    cls: (cls) => mergeServerClass(cls, result.server, verdict === 'conflict' ? result.version : undefined),
  });
}

export function applyPushResults(db: RollbookDb, batch: OutboxRow[], response: PushResponse, now: number): Promise<BatchSummary> {
  const resultById = new Map(response.results.map((result) => [result.mutationId, result]));
  return db.transaction('rw', [db.outbox, db.attendance, db.classes, db.meta], async () => {
    const answeredAt = new Date(now).toISOString();
    const waiting: OutboxRow[] = [];
    let answered = 0;
    for (const row of batch) {
      const result = resultById.get(row.mutationId);
      const current = await db.outbox.get(row.seq);
      if (!current || current.status !== 'sending') continue;
      if (!result || verdictOf(result) === 'outOfOrder') {
        waiting.push(row);
        continue;
      }
      await settle(db, row, result);
      answered += 1;
    }
    if (answered > 0) await writeMeta(db, 'lastSyncedAt', answeredAt);
    return { answered, waiting };
  });
}
