import { IonButton, IonIcon } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import './expired-session-banner.css';

/**
 * For a teacher or student whose token has expired: their pages still work from this phone's copy
 * and their changes wait on it; LOG IN (back to this page afterwards) sends them. Not a dialog, so
 * the register can be taken first.
 */
export function ExpiredSessionBanner({ loginPath }: { loginPath: string }) {
  return (
    <div className="expired-session-banner" role="status">
      <IonIcon icon={timeOutline} aria-hidden="true" />
      <p>Your session has expired, please log in again</p>
      <IonButton size="small" color="light" routerLink={loginPath} routerDirection="root">
        LOG IN
      </IonButton>
    </div>
  );
}
