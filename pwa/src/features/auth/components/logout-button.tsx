import { IonButton, IonIcon } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../../../lib/session';

// The question loads on the first tap: Ionic's alert is ~11 KB gzipped that every page's first
// load would otherwise pay for (the first visit's JavaScript budget). The service worker precaches it for offline use.
const LogoutConfirm = lazy(() => import('./logout-confirm').then((module) => ({ default: module.LogoutConfirm })));

/** Icon button that asks for confirmation, then ends the session and goes to the home page. */
export function LogoutButton() {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  const logOut = () => {
    // Both updates land in one render, so the router sees "/" signed out (and shows /login)
    // rather than the current page signed out (which would remember it as a return URL).
    navigate('/', { replace: true });
    session.signOut();
  };

  return (
    <>
      <IonButton aria-label="Log out" title="Log out" onClick={() => setConfirming(true)}>
        <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
      </IonButton>
      {confirming && (
        <Suspense fallback={null}>
          <LogoutConfirm onConfirm={logOut} onDismiss={() => setConfirming(false)} />
        </Suspense>
      )}
    </>
  );
}
