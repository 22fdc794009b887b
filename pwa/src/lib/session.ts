import { SignedInUserSchema, type SignedInUser } from '@rollbook/shared-types/auth';
import { serverNow } from './server-clock';
import { keepsOfflineCopy } from './roles';

export const SESSION_STORAGE_KEY = 'rollbook.user';

type Listener = () => void;

/**
 * A user is signed in when the stored user has a non-empty token that has not expired. `now` is the
 * device's clock; the expiry is the server's, so it is compared with the server's time (a phone
 * whose clock is a year ahead must not count every sign-in as expired).
 */
export function isSessionActive(user: SignedInUser | null, now: number = Date.now()): user is SignedInUser {
  if (!user || user.token.trim() === '') return false;
  const expiresAt = Date.parse(user.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt > serverNow(now);
}

/**
 * What the stored user may do on this device:
 * - 'active': a live token; everything works.
 * - 'expired-offline-capable': a teacher or student whose token has expired (say, twelve hours in
 *   airplane mode). Their phone pages still open from their own offline copy and their changes
 *   queue up, but nothing is sent until they sign in again (the app asks them to).
 * - 'signed-out': nobody, or anyone else whose token has expired (admins go back to /login).
 * Only the user who signed in on this device is ever stored, and logging out removes them, so the
 * offline copy shown is always theirs.
 */
export type SessionState = 'active' | 'expired-offline-capable' | 'signed-out';

export function sessionState(user: SignedInUser | null, now: number = Date.now()): SessionState {
  if (!user || user.token.trim() === '') return 'signed-out';
  if (isSessionActive(user, now)) return 'active';
  return keepsOfflineCopy(user) ? 'expired-offline-capable' : 'signed-out';
}

/** Reads the stored user; anything unreadable counts as signed out and is removed. */
export function readStoredUser(storage: Storage = localStorage): SignedInUser | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = SignedInUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Corrupt JSON is treated like a missing user below.
  }
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/**
 * The signed-in user, kept in localStorage and mirrored in memory so React can
 * subscribe to it (useSyncExternalStore needs a stable snapshot).
 */
export function createSessionStore(storage: Storage) {
  let current = readStoredUser(storage);
  let signedOut = false;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());
  const remove = () => {
    storage.removeItem(SESSION_STORAGE_KEY);
    if (current === null) return;
    current = null;
    notify();
  };

  return {
    get: (): SignedInUser | null => current,
    set(user: SignedInUser) {
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
      signedOut = false;
      current = user;
      notify();
    },
    /** Ends the session (expired, or refused by the server): the user signs in again to go on. */
    clear() {
      signedOut = false;
      remove();
    },
    /**
     * The user chose LOG OUT on this device: unlike an ending session, this also forgets their
     * offline copy (subscribers can tell by wasSignedOut()).
     */
    signOut() {
      signedOut = true;
      remove();
    },
    /** Whether the user was removed by signOut() (rather than clear()) since the last sign-in. */
    wasSignedOut: (): boolean => signedOut,
    /** Picks up a sign-in or sign-out made in another tab. */
    reload() {
      const next = readStoredUser(storage);
      if (next?.token === current?.token) return;
      current = next;
      notify();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const session: SessionStore = createSessionStore(localStorage);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) session.reload();
  });
}
