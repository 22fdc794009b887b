import 'fake-indexeddb/auto';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, type SessionStore } from '../lib/session';
import { userDbName } from './db';
import { readMeta } from './meta';
import { markAttendance, NOT_SIGNED_IN_MESSAGE } from './offline-actions';
import { memoryLock } from './sender-lock';
import { activeSync, getOfflineSnapshot, signOutCleanup, startSync, stopSync, whenIdle, type StartSyncOptions } from './sync-session';
import { seededNetwork, until } from './testing/engine-harness';
import type { FakeNetwork } from './testing/fake-network';
import { idleTimers } from './testing/fixtures';

const userOf = (userId: number, token: string): SignedInUser => ({
  token, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), userId, firstName: 'Tom', lastName: 'Teacher',
  username: `user${userId}`, avatarImage: null, entityId: userId, roles: [{ name: 'Teacher', entityId: userId }],
});

let network: FakeNetwork;
let store: SessionStore;
const options = (): StartSyncOptions => ({
  sessionStore: store, fetch: network.fetch, lock: memoryLock(), isOnline: () => !network.offline, timers: idleTimers, triggers: null, random: () => 0.5,
});

beforeEach(() => {
  localStorage.clear();
  store = createSessionStore(localStorage);
  network = seededNetwork();
  network.tokens.set('token-9', 9);
});

afterEach(async () => {
  await stopSync();
  await Promise.all([7, 9].map((id) => Dexie.delete(userDbName(id))));
});

async function teacherWithQueuedMark(): Promise<void> {
  store.set(userOf(7, 'token-7'));
  const engine = startSync(userOf(7, 'token-7'), options());
  await engine.pullNow();
  network.offline = true;
  await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
}

describe('the sync session of a signed-in user', () => {
  it("opens the user's own database and publishes it for the hooks", async () => {
    store.set(userOf(7, 'token-7'));
    startSync(userOf(7, 'token-7'), options());
    expect(getOfflineSnapshot()).toMatchObject({ userId: 7 });
    expect(getOfflineSnapshot().db?.name).toBe('rollbook-u7');
    await stopSync();
    expect(getOfflineSnapshot()).toEqual({ db: null, userId: null, status: null });
  });

  it('refuses changes when no user is syncing', async () => {
    await expect(markAttendance({ classId: 10, studentId: 1, statusId: 2 })).rejects.toThrow(NOT_SIGNED_IN_MESSAGE);
  });

  it('queues a change and sends it right away', async () => {
    store.set(userOf(7, 'token-7'));
    await startSync(userOf(7, 'token-7'), options()).pullNow();
    await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
    await until(() => network.server.appliedLog.length === 1);
    await whenIdle();
    expect(await activeSync()?.db.outbox.count()).toBe(0);
  });

  it("never sends one user's queue with another user's token, and sends it when its owner is back", async () => {
    await teacherWithQueuedMark();
    // Someone else signs in on this phone (the app has not switched the sync yet).
    store.set(userOf(9, 'token-9'));
    network.offline = false;
    await activeSync()?.engine.sendNow();
    expect(network.pushes).toHaveLength(0);
    expect(activeSync()?.engine.status.needsSignIn).toBe(true);

    // The owner signs in again: the session change alone lets the queue go.
    store.set(userOf(7, 'token-7'));
    await until(() => network.pushes.length === 1);
    expect(network.pushes[0]?.userId).toBe(7);
  });

  it('ends the session when the server refuses the token, as the API client does', async () => {
    await teacherWithQueuedMark();
    network.offline = false;
    network.tokens.delete('token-7');
    await activeSync()?.engine.sendNow();
    expect(store.get()).toBeNull();
    expect(activeSync()?.engine.status.needsSignIn).toBe(true);
  });

  it('forgets cached data on sign-out but keeps unsent changes, the clientId and the seq', async () => {
    await teacherWithQueuedMark();
    const db = activeSync()?.db;
    const clientId = db && (await readMeta(db, 'clientId'));
    await signOutCleanup(7, memoryLock());
    expect(activeSync()).toBeNull();

    const reopened = new Dexie(userDbName(7));
    await reopened.open();
    const counts = await Promise.all(['classes', 'attendance', 'students', 'outbox'].map((t) => reopened.table(t).count()));
    expect(counts).toEqual([0, 0, 0, 1]);
    expect(await reopened.table('meta').get('clientId')).toEqual({ key: 'clientId', value: clientId });
    expect(await reopened.table('meta').get('nextSeq')).toEqual({ key: 'nextSeq', value: 2 });
    expect(await reopened.table('meta').get('cursor')).toBeUndefined();
    reopened.close();

    // Signing in again: a full pull, the change still on top, then sent.
    network.offline = false;
    store.set(userOf(7, 'token-7'));
    const engine = startSync(userOf(7, 'token-7'), options());
    await engine.pullNow();
    expect((await activeSync()?.db.attendance.get([10, 1]))?.statusId).toBe(2);
    await engine.sendNow();
    expect(network.server.lines.get('10:1')?.row.statusId).toBe(2);
  });

  it('switches databases when another user signs in', async () => {
    store.set(userOf(7, 'token-7'));
    startSync(userOf(7, 'token-7'), options());
    store.set(userOf(9, 'token-9'));
    startSync(userOf(9, 'token-9'), options());
    expect(getOfflineSnapshot().db?.name).toBe('rollbook-u9');
  });
});
