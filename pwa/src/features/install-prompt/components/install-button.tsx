import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useInstallAvailable } from '../hooks/use-install-prompt';
import { promptInstall } from '../install-prompt-listener';

/** "Install Rollbook", shown only where the browser offers installation. */
export function InstallButton() {
  const available = useInstallAvailable();
  if (!available) return null;
  return (
    <IonButton expand="block" fill="outline" className="install-button" onClick={() => void promptInstall()}>
      <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
      Install Rollbook
    </IonButton>
  );
}
