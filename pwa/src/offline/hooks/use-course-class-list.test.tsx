import 'fake-indexeddb/auto';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, session } from '../../lib/session';
import { userDbName } from '../db';
import { memoryLock } from '../sender-lock';
import { startSync, stopSync } from '../sync-session';
import { seededNetwork } from '../testing/engine-harness';
import { idleTimers, makeClass } from '../testing/fixtures';
import { useCourseClassList } from './use-classes';

// Course 2 runs beyond the phone's window: the phone holds class 12, the server also knows 99.

const teacher: SignedInUser = {
  token: 'token-7', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), userId: 7, firstName: 'Tom', lastName: 'Teacher',
  username: 'teacher', avatarImage: null, entityId: 7, roles: [{ name: 'Teacher', entityId: 7 }],
};
const inWindow = makeClass({ classId: 12, courseId: 2, startsAt: '2026-11-30T09:00:00.000Z' });
const beyond = makeClass({ classId: 99, courseId: 2, startsAt: '2027-06-07T09:00:00.000Z' });
const listAnswer = { classes: [inWindow, beyond], datesSelected: '', total: 2, studentTotal: 4 };

let apiFetch: ReturnType<typeof vi.fn<typeof fetch>>;
let online = true;

beforeEach(async () => {
  const network = seededNetwork(2);
  network.server.addClass(inWindow);
  const store = createSessionStore(window.sessionStorage);
  store.set(teacher);
  const engine = startSync(teacher, { sessionStore: store, fetch: network.fetch, lock: memoryLock(), timers: idleTimers, triggers: null });
  await engine.pullNow();
  session.set(teacher);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  apiFetch = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(listAnswer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', apiFetch);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.signOut();
  await stopSync();
  await Dexie.delete(userDbName(7));
  window.sessionStorage.clear();
});

const ids = (list: { classId: number }[] | undefined) => list?.map((c) => c.classId);

describe('useCourseClassList', () => {
  it("online, lists the course's classes from the server with the phone's on top", async () => {
    const { result } = renderHook(() => useCourseClassList(2));
    await waitFor(() => expect(result.current.source).toBe('server'));
    expect(ids(result.current.classes)).toEqual([12, 99]);
    expect(String(apiFetch.mock.calls[0]?.[0])).toBe('/api/classes/GetByFilter?courseId=2');
  });

  it("offline, lists the phone's classes and says so, without asking the server", async () => {
    online = false;
    const { result } = renderHook(() => useCourseClassList(2));
    await waitFor(() => expect(ids(result.current.classes)).toEqual([12]));
    expect(result.current.source).toBe('phone');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("with an expired token, lists the phone's classes without asking the server", async () => {
    session.set({ ...teacher, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { result } = renderHook(() => useCourseClassList(2));
    await waitFor(() => expect(ids(result.current.classes)).toEqual([12]));
    expect(result.current.source).toBe('phone');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("falls back to the phone's classes when the server call fails", async () => {
    apiFetch.mockResolvedValue(new Response(JSON.stringify({ message: 'Course not found', code: 'NOT_FOUND' }), { status: 404 }));
    const { result } = renderHook(() => useCourseClassList(2));
    await waitFor(() => expect(result.current.source).toBe('phone'));
    expect(ids(result.current.classes)).toEqual([12]);
  });
});
