import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { RollbookDb } from '../db';
import { getOfflineSnapshot, subscribeOffline, type OfflineSnapshot } from '../sync-session';

/** The signed-in user's database and engine status, re-rendering when sync starts, stops or changes state. */
export function useOfflineSnapshot(): OfflineSnapshot {
  return useSyncExternalStore(subscribeOffline, getOfflineSnapshot);
}

/**
 * A live query on the signed-in user's database: re-runs whenever the tables it read change (in
 * this tab or another). undefined while loading or when no sync session is running.
 */
export function useOfflineQuery<T>(query: (db: RollbookDb) => Promise<T>, deps: unknown[]): T | undefined {
  const { db } = useOfflineSnapshot();
  return useLiveQuery(() => (db ? query(db) : undefined), [db, ...deps]);
}
