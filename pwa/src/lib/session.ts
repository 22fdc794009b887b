import { SignedInUserSchema, type SignedInUser } from '@rollbook/shared-types/auth';

export const SESSION_STORAGE_KEY = 'rollbook.user';

type Listener = () => void;

/** A user is signed in when the stored user has a non-empty token that has not expired. */
export function isSessionActive(user: SignedInUser | null, now: number = Date.now()): user is SignedInUser {
  if (!user || user.token.trim() === '') return false;
  const expiresAt = Date.parse(user.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt > now;
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
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    get: (): SignedInUser | null => current,
    set(user: SignedInUser) {
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
      current = user;
      notify();
    },
    clear() {
      storage.removeItem(SESSION_STORAGE_KEY);
      if (current === null) return;
      current = null;
      notify();
    },
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
