import type { RollbookDb } from './db';
import { PULL_META_KEYS } from './meta';

/**
 * Forgets what the pulls cached (classes, registers, courses, students, cursor) but keeps the
 * outbox with its unsent changes and sync issues, the clientId and the seq counter: the queue still
 * belongs to this user and goes out when they sign in again (the next pull is then a full one).
 */
export function clearCachedData(db: RollbookDb): Promise<void> {
  return db.transaction('rw', [...db.cachedTables, db.meta], async () => {
    await Promise.all(db.cachedTables.map((table) => table.clear()));
    await db.meta.bulkDelete(PULL_META_KEYS);
  });
}
