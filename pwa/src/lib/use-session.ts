import type { SignedInUser } from '@rollbook/shared-types/auth';
import { useSyncExternalStore } from 'react';
import { session } from './session';

/** The stored user (possibly expired: check with isSessionActive), re-rendering on sign-in and sign-out. */
export function useSession(): SignedInUser | null {
  return useSyncExternalStore(session.subscribe, session.get);
}
