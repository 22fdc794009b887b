import type { SignedInUser } from '@rollbook/shared-types/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, isSessionActive, readStoredUser, SESSION_STORAGE_KEY, sessionState } from './session';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function user(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    token: 'header.payload.signature',
    expiresAt: '2026-11-22T11:00:00Z',
    userId: 1,
    firstName: 'Ada',
    lastName: 'Admin',
    username: 'admin',
    avatarImage: null,
    entityId: null,
    roles: [{ name: 'CompanyAdmin', entityId: null }],
    ...overrides,
  };
}

describe('isSessionActive', () => {
  it.each([
    ['no stored user', null, false],
    ['an empty token', user({ token: '' }), false],
    ['a blank token', user({ token: '   ' }), false],
    ['a token expiring in an hour', user(), true],
    ['a token that expired a second ago', user({ expiresAt: '2026-11-22T09:59:59Z' }), false],
    ['a token expiring exactly now', user({ expiresAt: '2026-11-22T10:00:00Z' }), false],
    ['an unreadable expiry', user({ expiresAt: 'soon' }), false],
  ])('treats %s as signed in: %s', (_case, stored, expected) => {
    expect(isSessionActive(stored, NOW)).toBe(expected);
  });
});

describe('sessionState', () => {
  const expired = '2026-11-22T09:59:59Z';
  const teacher = (expiresAt: string) => user({ expiresAt, username: 'teacher', roles: [{ name: 'Teacher', entityId: 7 }] });
  const student = (expiresAt: string) => user({ expiresAt, username: 'student', roles: [{ name: 'Student', entityId: 9 }] });

  it.each([
    ['nobody', null, 'signed-out'],
    ['an admin with a live token', user(), 'active'],
    ['a teacher with a live token', teacher('2026-11-22T11:00:00Z'), 'active'],
    ['an admin whose token expired', user({ expiresAt: expired }), 'signed-out'],
    ['a teacher whose token expired', teacher(expired), 'expired-offline-capable'],
    ['a student whose token expired', student(expired), 'expired-offline-capable'],
    ['a teacher with an empty token', { ...teacher(expired), token: ' ' }, 'signed-out'],
    ['a user without any role whose token expired', user({ expiresAt: expired, roles: [] }), 'signed-out'],
  ] as const)('gives %s the state %s', (_case, stored, expected) => {
    expect(sessionState(stored, NOW)).toBe(expected);
  });
});

describe('readStoredUser', () => {
  beforeEach(() => localStorage.clear());

  it('reads the user stored under rollbook.user', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user()));
    expect(readStoredUser()).toEqual(user());
  });

  it('treats corrupt JSON as signed out and removes it', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('treats a stored value of the wrong shape as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'x' }));
    expect(readStoredUser()).toBeNull();
  });
});

describe('the session store', () => {
  beforeEach(() => localStorage.clear());

  it('persists a signed-in user and tells subscribers', () => {
    const store = createSessionStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(user());
    expect(store.get()).toEqual(user());
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(user());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets the user on clear and notifies only when something changed', () => {
    const store = createSessionStore(localStorage);
    store.set(user());
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    store.clear();
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('picks up a sign-out made in another tab on reload', () => {
    const store = createSessionStore(localStorage);
    store.set(user());
    const listener = vi.fn();
    store.subscribe(listener);
    localStorage.removeItem(SESSION_STORAGE_KEY);
    store.reload();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createSessionStore(localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set(user());
    expect(listener).not.toHaveBeenCalled();
  });
});
