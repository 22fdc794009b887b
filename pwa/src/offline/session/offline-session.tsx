import { useEffect } from 'react';
import { followAppSession } from './session-sync';

/**
 * Mounted at the app root (and by every phone page, which is harmless: it follows the session once
 * per app lifetime). Starts the teacher's or student's offline copy and queue when they
 * sign in, pauses it when the session expires, and forgets the cached data on sign-out.
 */
export function OfflineSession() {
  useEffect(() => followAppSession(), []);
  return null;
}
