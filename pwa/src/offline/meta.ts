import type { PullResponse } from '@rollbook/shared-types/sync';
import type { RollbookDb } from './db';

// Small facts about this device's copy, kept in the user's database next to the data they describe.

export interface MetaValues {
  /** One UUID per installation and user; the server binds it to the user. */
  clientId: string;
  /** The seq the next queued change gets. */
  nextSeq: number;
  /** The server's opaque pull cursor. */
  cursor: string;
  /** Server time of the last pull answer (ISO): "Last updated HH:MM". */
  lastPulledAt: string;
  /** Device time (ISO) a push batch was last answered: "Last synced HH:MM". */
  lastSyncedAt: string;
  /** London dates the cached classes cover. */
  window: PullResponse['window'];
}

export type MetaKey = keyof MetaValues;

/** Everything a pull wrote: forgotten on sign-out, unlike the clientId and seq the queue depends on. */
export const PULL_META_KEYS: MetaKey[] = ['cursor', 'lastPulledAt', 'window'];

export async function readMeta<K extends MetaKey>(db: RollbookDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export async function writeMeta<K extends MetaKey>(db: RollbookDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** The installation's clientId, created on first use (in a transaction, so two tabs agree on one). */
export function ensureClientId(db: RollbookDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await readMeta(db, 'clientId');
    if (existing) return existing;
    const clientId = crypto.randomUUID();
    await writeMeta(db, 'clientId', clientId);
    return clientId;
  });
}

/**
 * Takes the next seq. Call it inside the transaction that writes the outbox row: if that
 * transaction fails the counter is not advanced, so the server never sees a gap.
 */
export async function allocateSeq(db: RollbookDb): Promise<number> {
  const counted = (await readMeta(db, 'nextSeq')) ?? 1;
  // Belt and braces: never reuse a seq still in the outbox, even if the counter were lost.
  const last = await db.outbox.orderBy('seq').last();
  const seq = Math.max(counted, (last?.seq ?? 0) + 1);
  await writeMeta(db, 'nextSeq', seq + 1);
  return seq;
}
