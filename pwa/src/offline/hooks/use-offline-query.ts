import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useSyncExternalStore } from 'react';
import type { RollbookDb } from '../db';
import { getOfflineSnapshot, subscribeOffline, type OfflineSnapshot } from '../sync-session';

/** The signed-in user's database and engine status, re-rendering when sync starts, stops or changes state. */
export function useOfflineSnapshot(): OfflineSnapshot {
  return useSyncExternalStore(subscribeOffline, getOfflineSnapshot);
}

interface Answer<T> {
  db: RollbookDb;
  deps: unknown[];
  value: T;
}

const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((dep, i) => Object.is(dep, b[i]));

/**
 * A live query on the signed-in user's database: re-runs whenever the tables it read change (in
 * this tab or another). undefined while loading or when no sync session is running.
 */
export function useOfflineQuery<T>(query: (db: RollbookDb) => Promise<T>, deps: unknown[]): T | undefined {
  const { db } = useOfflineSnapshot();
  const answer = useLiveQuery(
    (): Promise<Answer<T>> | undefined => (db ? query(db).then((value) => ({ db, deps, value })) : undefined),
    [db, ...deps],
  );
  // A new answer (the first pull's week, a mark) re-renders its screen at low priority, in slices
  // the browser can interleave with input, rather than in one long task: the screen shows it a
  // moment later instead of freezing while it renders.
  const shown = useDeferredValue(answer);
  // useLiveQuery keeps its last answer while the query for new arguments runs: that answer is about
  // something else (another class: its form would open with that class's date), so it is not given.
  return shown && shown.db === db && sameDeps(shown.deps, deps) ? shown.value : undefined;
}
