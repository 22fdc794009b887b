import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useUpdateAvailable } from '../hooks/use-update-available';
import { applyUpdate } from '../service-worker';
import './update-banner.css';

/** Red notice shown when a newer build of the app is available; UPDATE switches to it. */
export function UpdateBanner() {
  const available = useUpdateAvailable();
  const [updating, setUpdating] = useState(false);
  if (!available) return null;
  return (
    <div className="update-banner" role="status">
      <span>Application update!</span>
      <IonButton
        size="small"
        color="light"
        disabled={updating}
        onClick={() => {
          setUpdating(true);
          void applyUpdate();
        }}
      >
        UPDATE
      </IonButton>
    </div>
  );
}
