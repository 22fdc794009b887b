import type { SignedInUser } from '@rollbook/shared-types/auth';
import { Dexie } from 'dexie';
import { createSessionStore } from '../../lib/session';
import { userDbName } from '../db';
import { memoryLock } from '../sender-lock';
import { startSync, stopSync } from '../sync-session';
import type { SyncEngine } from '../sync-engine';
import type { FakeNetwork } from './fake-network';
import { idleTimers } from './fixtures';

// Component tests of the phone screens run the real offline engine (fake-indexeddb) against the
// engine's in-memory sync server, so the screens are tested through the same hooks and actions
// they use in the app.

export const TEST_USER: SignedInUser = {
  token: 'token-7',
  expiresAt: '2099-01-01T00:00:00.000Z',
  userId: 7,
  firstName: 'Tom',
  lastName: 'Teacher',
  username: 'teacher',
  avatarImage: null,
  entityId: 7,
  roles: [{ name: 'Teacher', entityId: 7 }],
};

/** Starts the engine for TEST_USER against `network` (no timers, no browser events) and pulls once. */
export async function startPhoneSession(network: FakeNetwork): Promise<SyncEngine> {
  const store = createSessionStore(window.sessionStorage);
  store.set(TEST_USER);
  const engine = startSync(TEST_USER, {
    sessionStore: store,
    fetch: network.fetch,
    lock: memoryLock(),
    isOnline: () => !network.offline,
    timers: idleTimers,
    triggers: null,
    random: () => 0.5,
  });
  await engine.pullNow();
  return engine;
}

/** Stops the engine and deletes the test user's database, so the next test starts empty. */
export async function endPhoneSession(): Promise<void> {
  await stopSync();
  await Dexie.delete(userDbName(TEST_USER.userId));
  window.sessionStorage.clear();
}
