import { IonButton, IonIcon } from '@ionic/react';
import { keyOutline } from 'ionicons/icons';
import { session } from '../../../lib/session';

/**
 * The server no longer accepts this sign-in: the changes wait on the phone until the teacher signs
 * in again (as the same user), then go on. Ending the session sends the router to /login, which
 * brings the teacher back to this page afterwards.
 */
export function SignInAgainBanner() {
  return (
    <div className="sync-banner sync-banner--warning" role="alert">
      <IonIcon icon={keyOutline} aria-hidden="true" />
      <p>Please sign in again to send your changes. They are kept safely on this phone until then.</p>
      <IonButton size="small" color="dark" onClick={() => session.clear()}>
        SIGN IN
      </IonButton>
    </div>
  );
}
