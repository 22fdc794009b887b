import type { SignedInUser } from '@rollbook/shared-types/auth';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { OfflineSessionForPhoneUsers } from './offline-session-for-phone-users';

// The offline session's module brings the offline engine and Dexie: counted when it is loaded.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../offline/session/offline-session', () => {
  loads.count += 1;
  return { OfflineSession: () => <p>following the phone's copy</p> };
});

const user = (userId: number, role: 'Teacher' | 'Student' | 'CompanyAdmin'): SignedInUser => ({
  token: `token-${userId}`, expiresAt: '2099-01-01T00:00:00Z', userId, firstName: 'A', lastName: 'B', username: `u${userId}`,
  avatarImage: null, entityId: userId, roles: [{ name: role, entityId: role === 'CompanyAdmin' ? null : userId }],
});

afterEach(() => {
  cleanup();
  session.signOut();
});

// In this order: the module, once loaded, stays loaded.
describe('the offline session at the app root', () => {
  it('is never loaded for an admin, nor while nobody is signed in', async () => {
    render(<OfflineSessionForPhoneUsers />);
    act(() => session.set(user(1, 'CompanyAdmin')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(loads.count).toBe(0);
    expect(screen.queryByText("following the phone's copy")).toBeNull();
  });

  it('is loaded and mounted once a teacher signs in', async () => {
    render(<OfflineSessionForPhoneUsers />);
    act(() => session.set(user(7, 'Teacher')));
    expect(await screen.findByText("following the phone's copy")).toBeTruthy();
    expect(loads.count).toBe(1);
  });

  it('is mounted for a student, and unmounted when they log out', async () => {
    session.set(user(9, 'Student'));
    render(<OfflineSessionForPhoneUsers />);
    expect(await screen.findByText("following the phone's copy")).toBeTruthy();
    act(() => session.signOut());
    expect(screen.queryByText("following the phone's copy")).toBeNull();
  });
});
