import type { SignedInUser } from '@rollbook/shared-types/auth';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { useSessionState } from './use-session-state';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const inAMinute = new Date(NOW + 60_000).toISOString();
const user = (role: 'Teacher' | 'CompanyAdmin', expiresAt: string): SignedInUser => ({
  token: 'a.b.c', expiresAt, userId: 7, firstName: 'T', lastName: 'T', username: 'teacher', avatarImage: null, entityId: 7,
  roles: [{ name: role, entityId: role === 'Teacher' ? 7 : null }],
});

describe('useSessionState', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    session.clear();
  });
  afterEach(() => {
    session.clear();
    vi.useRealTimers();
  });

  it('turns an open teacher session into the expired-offline state the moment the token expires', () => {
    session.set(user('Teacher', inAMinute));
    const { result } = renderHook(() => useSessionState());
    expect(result.current).toBe('active');
    act(() => vi.advanceTimersByTime(60_001));
    expect(result.current).toBe('expired-offline-capable');
  });

  it("signs an admin out the moment their token expires", () => {
    session.set(user('CompanyAdmin', inAMinute));
    const { result } = renderHook(() => useSessionState());
    act(() => vi.advanceTimersByTime(60_001));
    expect(result.current).toBe('signed-out');
  });

  it('follows sign-in and sign-out', () => {
    const { result } = renderHook(() => useSessionState());
    expect(result.current).toBe('signed-out');
    act(() => session.set(user('Teacher', inAMinute)));
    expect(result.current).toBe('active');
    act(() => session.signOut());
    expect(result.current).toBe('signed-out');
  });
});
