import { useEffect, useState } from 'react';
import { sessionState, type SessionState } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

// setTimeout fires at once for delays beyond ~24.8 days; a longer wait is done in steps.
const MAX_TIMER_MS = 2_000_000_000;

/**
 * The session's state, re-computed when the stored user changes and again the moment their token
 * expires (an open page turns into the expired state without waiting for a click).
 */
export function useSessionState(): SessionState {
  const user = useSession();
  const [now, setNow] = useState(Date.now);
  const expiresAt = user ? Date.parse(user.expiresAt) : Number.NaN;

  useEffect(() => {
    // Already seen as expired (or no expiry): nothing to wait for.
    if (!Number.isFinite(expiresAt) || now >= expiresAt) return;
    // At once for a user stored with a token that has already expired.
    const wait = Math.max(0, expiresAt - Date.now() + 1);
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [expiresAt, now]);

  return sessionState(user, now);
}
