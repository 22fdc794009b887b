import { IonAlert, IonButton, IonIcon } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../../../lib/session';

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
      <IonAlert
        isOpen={confirming}
        header="Are you sure?"
        message="You want to log out of the product"
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm', handler: logOut },
        ]}
        onDidDismiss={() => setConfirming(false)}
      />
    </>
  );
}
