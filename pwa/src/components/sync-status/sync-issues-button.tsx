import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { lazy, Suspense, useState } from 'react';

// The list loads on the first tap: it brings Ionic's modal and toast (~11 KB gzipped) that the
// teacher's week must not wait for (the first visit's JavaScript budget). The service worker precaches it for offline use.
const SyncIssuesModal = lazy(() => import('./sync-issues-modal').then((module) => ({ default: module.SyncIssuesModal })));

/** "Sync issues (n)": opens the list of changes the server refused or found in conflict. */
export function SyncIssuesButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  // Once loaded the modal stays mounted, so closing it plays Ionic's animation.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <IonButton
        size="small"
        fill={count > 0 ? 'solid' : 'clear'}
        color={count > 0 ? 'danger' : 'medium'}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <IonIcon slot="start" icon={alertCircleOutline} aria-hidden="true" />
        Sync issues ({count})
      </IonButton>
      {loaded && (
        <Suspense fallback={null}>
          <SyncIssuesModal isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
