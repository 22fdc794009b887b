import { useEffect } from 'react';
import { followAppSession } from './session-sync';

/**
 * Mounted at the app root (and by every phone page, which is harmless: it follows the session once
 * per app lifetime). Starts the teacher's or student's offline copy and queue when they
 * sign in, pauses it when the session expires, and forgets the cached data on sign-out.
 *
 * It starts in a task of its own, not in the commit that mounts it: opening the phone's database
 * (Dexie reading its schema) is some 5 ms, which would lengthen the page's first commit, the
 * longest task of the opening. Like the mount itself, it is not undone by an unmount.
 */
export function OfflineSession() {
  useEffect(() => {
    window.setTimeout(followAppSession, 0);
  }, []);
  return null;
}
