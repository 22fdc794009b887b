import type { SignedInUser } from '@rollbook/shared-types/auth';
import { afterFirstPage } from '../../lib/after-first-page';
import { keepsOfflineCopy } from '../../lib/roles';
import { isSessionActive, session, sessionState, type SessionStore } from '../../lib/session';
import { requestPersistentStorage } from '../persistent-storage';
import { getOfflineSnapshot, signOutCleanup, startSync, stopSync, subscribeOffline } from '../sync-session';

// Ties the offline engine to the session: teachers and students get their phone copy and queue
// while signed in, and still after their token has expired (they keep working offline; nothing is
// sent until they sign in again). Logging out forgets the cached data (never the unsent changes);
// a session that merely ended (expired, or a sign-in the server refused) only pauses, so signing in
// again goes on.

export type SessionAction = { kind: 'start'; user: SignedInUser } | { kind: 'pause' } | { kind: 'forget'; userId: number };

export interface TransitionFacts {
  /** The engine found the server refusing this user's sign-in while the session still looked valid. */
  refusedWhileSignedIn: boolean;
  /** The user chose LOG OUT (rather than the session ending by itself). */
  signedOut: boolean;
  now: number;
}

/** What a change of the stored user from `prev` to `next` means for the phone's sync. */
export function sessionActions(prev: SignedInUser | null, next: SignedInUser | null, facts: TransitionFacts): SessionAction[] {
  const actions: SessionAction[] = [];
  if (prev && keepsOfflineCopy(prev) && prev.userId !== next?.userId) {
    if (next || facts.signedOut) actions.push({ kind: 'forget', userId: prev.userId });
    else if (!isSessionActive(prev, facts.now) || facts.refusedWhileSignedIn) actions.push({ kind: 'pause' });
    else actions.push({ kind: 'forget', userId: prev.userId });
  }
  // An expired phone user still gets their own copy and queue; the engine sends nothing without a live token.
  if (next && keepsOfflineCopy(next) && sessionState(next, facts.now) !== 'signed-out') actions.push({ kind: 'start', user: next });
  return actions;
}

export interface SessionSyncDeps {
  store: SessionStore;
  startSync: (user: SignedInUser) => unknown;
  stopSync: () => Promise<void>;
  signOutCleanup: (userId: number) => Promise<void>;
  requestPersistentStorage: () => Promise<boolean>;
  subscribeOffline: (listener: () => void) => () => void;
  /** The engine's current "needs sign-in" flag. */
  needsSignIn: () => boolean;
  now: () => number;
}

const reportFailure = (what: string) => (error: unknown) => console.error(`Offline data: ${what} failed`, error);

/** Follows the session from now on; returns a function that stops following it. */
export function followSession(deps: SessionSyncDeps): () => void {
  let current = deps.store.get();
  let refusedWhileSignedIn = false;
  let askedForStorage = false;

  const run = (actions: SessionAction[]) => {
    for (const action of actions) {
      if (action.kind === 'pause') void deps.stopSync().catch(reportFailure('stopping sync'));
      if (action.kind === 'forget') void deps.signOutCleanup(action.userId).catch(reportFailure('clearing the signed-out user'));
      if (action.kind === 'start') {
        deps.startSync(action.user);
        if (!askedForStorage) {
          askedForStorage = true;
          void deps.requestPersistentStorage();
        }
      }
    }
  };

  // Only a refusal seen while the session was still valid counts: signing out also leaves the
  // engine without a token, but by then the session is already gone.
  const stopWatchingEngine = deps.subscribeOffline(() => {
    if (isSessionActive(deps.store.get(), deps.now())) refusedWhileSignedIn = deps.needsSignIn();
  });
  const stopWatchingSession = deps.store.subscribe(() => {
    const next = deps.store.get();
    if (next === current) return;
    const prev = current;
    current = next;
    run(sessionActions(prev, next, { refusedWhileSignedIn, signedOut: deps.store.wasSignedOut(), now: deps.now() }));
    refusedWhileSignedIn = false;
  });
  run(sessionActions(null, current, { refusedWhileSignedIn, signedOut: false, now: deps.now() }));

  return () => {
    stopWatchingSession();
    stopWatchingEngine();
  };
}

let following = false;

/** Starts following the app's session, once for the app's lifetime (React StrictMode mounts twice). */
export function followAppSession(): void {
  if (following) return;
  following = true;
  followSession({
    store: session,
    startSync,
    stopSync,
    signOutCleanup: (userId) => signOutCleanup(userId),
    // Chromium answers persist() on the main thread (tens of ms on a slow phone): not before the
    // first screen, which does not need it.
    requestPersistentStorage: () => afterFirstPage(() => requestPersistentStorage()),
    subscribeOffline,
    needsSignIn: () => getOfflineSnapshot().status?.needsSignIn ?? false,
    now: Date.now,
  });
}
