import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { SyncIssuesModal } from './sync-issues-modal';

/** "Sync issues (n)": opens the list of changes the server refused or found in conflict. */
export function SyncIssuesButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IonButton size="small" fill={count > 0 ? 'solid' : 'clear'} color={count > 0 ? 'danger' : 'medium'} onClick={() => setOpen(true)}>
        <IonIcon slot="start" icon={alertCircleOutline} aria-hidden="true" />
        Sync issues ({count})
      </IonButton>
      <SyncIssuesModal isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
