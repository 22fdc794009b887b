import { lazy, Suspense } from 'react';
import { useSession } from '../lib/use-session';
import { keepsOfflineCopy } from '../lib/roles';

// Keeps the phone's offline copy in step with the session; its own chunk (with the offline engine
// and Dexie), loaded only once a teacher or student is stored, so an admin never downloads it.
const OfflineSession = lazy(() => import('../offline/session/offline-session').then((m) => ({ default: m.OfflineSession })));

/**
 * Mounted at the app root. Once mounted, the offline session follows every later change of user for
 * the app's lifetime (unmounting this does not stop it), so a teacher's LOG OUT, which unmounts it,
 * still forgets their cached data.
 */
export function OfflineSessionForPhoneUsers() {
  const user = useSession();
  if (!keepsOfflineCopy(user)) return null;
  return (
    <Suspense fallback={null}>
      <OfflineSession />
    </Suspense>
  );
}
