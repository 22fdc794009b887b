import type { SignedInUser } from '@rollbook/shared-types/auth';
import { isSessionActive, session, type SessionStore } from '../lib/session';
import { clearCachedData } from './cache-cleanup';
import { openUserDb, type RollbookDb } from './db';
import type { DEFAULT_PULL_WINDOW } from './pull';
import { createSenderLock, type SenderLock } from './sender-lock';
import { SyncEngine } from './sync-engine';
import type { EngineStatus, Timers } from './sync-engine-options';
import { createSyncHttp } from './sync-http';
import { attachSyncTriggers, type TriggerEnvironment } from './sync-triggers';

// The one sync session of this tab: the signed-in user's database and engine. The app starts it
// after sign-in and stops it on sign-out; hooks and the change functions read it from here.

export interface ActiveSync {
  userId: number;
  db: RollbookDb;
  engine: SyncEngine;
}

export interface OfflineSnapshot {
  db: RollbookDb | null;
  userId: number | null;
  status: EngineStatus | null;
}

export interface StartSyncOptions {
  /** Where the token comes from (default: the app's session store). */
  sessionStore?: SessionStore;
  fetch?: typeof fetch;
  lock?: SenderLock;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  timers?: Timers;
  window?: typeof DEFAULT_PULL_WINDOW;
  /** Browser events and intervals; null runs no schedule (tests drive the engine). */
  triggers?: TriggerEnvironment | null;
  /** Mirror the API client: a refused token ends the session so the app asks for sign-in (default true). */
  endSessionOnUnauthorized?: boolean;
}

let active: (ActiveSync & { detach: () => void }) | null = null;
let snapshot: OfflineSnapshot = { db: null, userId: null, status: null };
const listeners = new Set<() => void>();

function publish(): void {
  snapshot = { db: active?.db ?? null, userId: active?.userId ?? null, status: active?.engine.status ?? null };
  listeners.forEach((listener) => listener());
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getOfflineSnapshot = (): OfflineSnapshot => snapshot;

export const activeSync = (): ActiveSync | null => active;

/**
 * Opens the user's database and starts sending and pulling. Calling it again for the same user
 * (signed in again after a 401 or expiry) resumes; for another user it stops the previous one.
 * Start it for teachers and students only: the server refuses an admin's pulls (403).
 */
export function startSync(user: Pick<SignedInUser, 'userId'>, options: StartSyncOptions = {}): SyncEngine {
  const { userId } = user;
  if (active?.userId === userId) {
    active.engine.resume();
    return active.engine;
  }
  if (active) void stopSync();

  const store = options.sessionStore ?? session;
  const tokenOf = () => {
    const current = store.get();
    return current && current.userId === userId && isSessionActive(current) ? current.token : null;
  };
  const db = openUserDb(userId);
  const now = options.now ?? Date.now;
  const engine = new SyncEngine({
    db, userId, now, getToken: tokenOf,
    http: createSyncHttp({ fetch: options.fetch ?? ((...args) => fetch(...args)), now }),
    lock: options.lock ?? createSenderLock(userId),
    random: options.random, isOnline: options.isOnline, timers: options.timers, window: options.window,
    onUnauthorized: (token) => {
      // Only the refused session: a sign-in made meanwhile stays.
      if (options.endSessionOnUnauthorized !== false && store.get()?.token === token) store.clear();
    },
  });
  const unsubscribeEngine = engine.subscribe(publish);
  // The same user signing in again (new token) lets the queue go on where it stopped.
  const unsubscribeSession = store.subscribe(() => engine.resume());
  const detachTriggers = options.triggers === null ? () => undefined : attachSyncTriggers(engine, options.triggers);
  active = {
    userId, db, engine,
    detach: () => {
      detachTriggers();
      unsubscribeSession();
      unsubscribeEngine();
    },
  };
  publish();
  return engine;
}

/** Stops sending and pulling (what is in flight finishes) and closes the database. */
export async function stopSync(): Promise<void> {
  const current = active;
  if (!current) return;
  active = null;
  current.detach();
  publish();
  await current.engine.stop();
  current.db.close();
}

/**
 * On an explicit sign-out: stops this user's sync and forgets their cached data, keeping their
 * unsent changes, sync issues and clientId for when they sign in again. Runs under the sender lock,
 * so a pull finishing in another tab cannot write the data back afterwards.
 */
export async function signOutCleanup(userId: number, lock: SenderLock = createSenderLock(userId)): Promise<void> {
  if (active?.userId === userId) await stopSync();
  const db = openUserDb(userId);
  try {
    await lock.run(() => clearCachedData(db));
  } finally {
    db.close();
  }
}

/** Resolves when no push batch is in flight (the update banner waits for it before reloading). */
export function whenIdle(): Promise<void> {
  return active ? active.engine.whenIdle() : Promise.resolve();
}

/** Refreshes the cached window now (pull-to-refresh). */
export async function pullNow(): Promise<void> {
  await active?.engine.pullNow();
}

/** Tries to send what is queued now. */
export async function sendNow(): Promise<void> {
  await active?.engine.sendNow();
}
