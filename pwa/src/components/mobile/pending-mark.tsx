import { IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';

/** Shown on a class or register line whose change has not reached the server yet. */
export function PendingMark({ label = 'Not sent yet' }: { label?: string }) {
  return (
    <span className="pending-mark" title={label}>
      <IonIcon icon={cloudUploadOutline} aria-hidden="true" />
      {label}
    </span>
  );
}
