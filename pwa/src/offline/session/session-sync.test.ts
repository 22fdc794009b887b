import type { SignedInUser } from '@rollbook/shared-types/auth';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../lib/session';
import { followSession, sessionActions, type SessionSyncDeps } from './session-sync';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const user = (userId: number, role: 'Teacher' | 'Student' | 'CompanyAdmin', expiresAt = '2026-11-23T20:00:00Z'): SignedInUser => ({
  token: `token-${userId}`, expiresAt, userId, firstName: 'A', lastName: 'B', username: `u${userId}`, avatarImage: null, entityId: userId,
  roles: [{ name: role, entityId: role === 'CompanyAdmin' ? null : userId }],
});
const teacher = user(7, 'Teacher');
const student = user(9, 'Student');
const expiredTeacher = user(7, 'Teacher', '2026-11-23T11:00:00Z');
const admin = user(1, 'CompanyAdmin');
const facts = { refusedWhileSignedIn: false, signedOut: false, now: NOW };
const loggedOut = { ...facts, signedOut: true };
const expiredAdmin = user(1, 'CompanyAdmin', '2026-11-23T11:00:00Z');

describe('what a change of the signed-in user means for the phone\'s copy', () => {
  it.each([
    ['a teacher signs in', null, teacher, facts, [{ kind: 'start', user: teacher }]],
    ['a student signs in', null, student, facts, [{ kind: 'start', user: student }]],
    ['an admin signs in (no phone copy)', null, admin, facts, []],
    ['an expired stored teacher opens the app (offline copy, nothing sent)', null, expiredTeacher, facts, [{ kind: 'start', user: expiredTeacher }]],
    ['an expired stored admin opens the app (no phone copy)', null, expiredAdmin, facts, []],
    ['the teacher logs out', teacher, null, loggedOut, [{ kind: 'forget', userId: 7 }]],
    ['the teacher\'s session ends while it looked valid (a 401 on a page)', teacher, null, facts, [{ kind: 'forget', userId: 7 }]],
    ['the teacher logs out after their token expired', expiredTeacher, null, loggedOut, [{ kind: 'forget', userId: 7 }]],
    ['the teacher\'s expired session is ended to sign in again', expiredTeacher, null, facts, [{ kind: 'pause' }]],
    ['the server refused the teacher\'s sign-in', teacher, null, { ...facts, refusedWhileSignedIn: true }, [{ kind: 'pause' }]],
    ['the same teacher signs in again', expiredTeacher, teacher, facts, [{ kind: 'start', user: teacher }]],
    ['another user signs in on this phone', teacher, student, facts, [{ kind: 'forget', userId: 7 }, { kind: 'start', user: student }]],
    ['another user signs in after the teacher\'s token expired', expiredTeacher, student, facts, [{ kind: 'forget', userId: 7 }, { kind: 'start', user: student }]],
    ['an admin signs out', admin, null, facts, []],
  ] as const)('%s', (_case, prev, next, transitionFacts, expected) => {
    expect(sessionActions(prev, next, transitionFacts)).toEqual(expected);
  });
});

function harness(initial: SignedInUser | null) {
  const store = createSessionStore(window.sessionStorage);
  store.clear();
  if (initial) store.set(initial);
  let engineListener = () => undefined as void;
  const engine = { needsSignIn: false };
  const deps: SessionSyncDeps = {
    store,
    startSync: vi.fn(),
    stopSync: vi.fn(async () => undefined),
    signOutCleanup: vi.fn(async () => undefined),
    requestPersistentStorage: vi.fn(async () => true),
    subscribeOffline: (listener) => {
      engineListener = listener;
      return () => undefined;
    },
    needsSignIn: () => engine.needsSignIn,
    now: () => NOW,
  };
  const stop = followSession(deps);
  const engineUpdate = (needsSignIn: boolean) => {
    engine.needsSignIn = needsSignIn;
    engineListener();
  };
  return { store, deps, stop, engineUpdate };
}

describe('following the session', () => {
  it('starts the signed-in teacher\'s sync at once and asks for persistent storage once', () => {
    const { deps, store } = harness(teacher);
    expect(deps.startSync).toHaveBeenCalledWith(teacher);
    store.set({ ...teacher, token: 'token-7b' });
    expect(deps.startSync).toHaveBeenCalledTimes(2);
    expect(deps.requestPersistentStorage).toHaveBeenCalledTimes(1);
  });

  it('forgets the cached data when the teacher logs out, even though the engine then also lacks a token', () => {
    const { deps, store, engineUpdate } = harness(teacher);
    store.signOut();
    engineUpdate(true); // the engine notices the missing token after the session is gone
    expect(deps.signOutCleanup).toHaveBeenCalledWith(7);
    expect(deps.stopSync).not.toHaveBeenCalled();
  });

  it('only pauses when the server refused the sign-in (the queue goes on after signing in again)', () => {
    const { deps, store, engineUpdate } = harness(teacher);
    engineUpdate(true); // a 401 while the session still looked valid
    store.clear();
    expect(deps.stopSync).toHaveBeenCalledTimes(1);
    expect(deps.signOutCleanup).not.toHaveBeenCalled();
    store.set(teacher);
    expect(deps.startSync).toHaveBeenLastCalledWith(teacher);
  });

  it('opens an expired teacher\'s copy, resumes when they sign in again, and forgets it when they log out instead', () => {
    const { deps, store } = harness(expiredTeacher);
    expect(deps.startSync).toHaveBeenCalledWith(expiredTeacher);
    store.set(teacher);
    expect(deps.startSync).toHaveBeenLastCalledWith(teacher);
    expect(deps.signOutCleanup).not.toHaveBeenCalled();

    const other = harness(expiredTeacher);
    other.store.signOut();
    expect(other.deps.signOutCleanup).toHaveBeenCalledWith(7);
    expect(other.deps.stopSync).not.toHaveBeenCalled();
  });

  it('stops following when asked', () => {
    const { deps, store, stop } = harness(null);
    stop();
    store.set(teacher);
    expect(deps.startSync).not.toHaveBeenCalled();
  });
});
