import { IonButton, IonIcon, useIonRouter } from '@ionic/react';
import { keyOutline } from 'ionicons/icons';
import { loginPathFor } from '../../lib/return-url';

/**
 * The server no longer accepts this sign-in: the changes wait on the phone until the teacher signs
 * in again (as the same user), then go on. SIGN IN opens /login, which brings the teacher back to
 * this page afterwards; it does not end the session, so a teacher whose token expired with no
 * signal keeps working from the phone until they can sign in.
 */
export function SignInAgainBanner() {
  const router = useIonRouter();
  return (
    <div className="sync-banner sync-banner--warning" role="alert">
      <IonIcon icon={keyOutline} aria-hidden="true" />
      <p>Please sign in again to send your changes. They are kept safely on this phone until then.</p>
      <IonButton size="small" color="dark" onClick={() => router.push(loginPathFor(window.location))}>
        SIGN IN
      </IonButton>
    </div>
  );
}
