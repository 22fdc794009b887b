import { IonContent, IonHeader, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { lazy, Suspense, useState } from 'react';

// The links (and Ionic's item and list elements, ~8 KB gz) load when first shown: on a wide screen
// as soon as the split pane shows the menu, on a phone when the drawer first opens. A phone that
// only looks at its week never downloads them (the first visit's JavaScript budget).
const SideMenuItems = lazy(() => import('./side-menu-items').then((m) => ({ default: m.SideMenuItems })));

/** The sidebar: always open beside the content on wide screens, a drawer on phones. */
export function SideMenu({ contentId, disabled, paneVisible }: { contentId: string; disabled: boolean; paneVisible: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <IonMenu contentId={contentId} disabled={disabled} type="overlay" onIonWillOpen={() => setOpened(true)}>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>Rollbook</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {(opened || paneVisible) && (
          <Suspense fallback={null}>
            <SideMenuItems />
          </Suspense>
        )}
      </IonContent>
    </IonMenu>
  );
}
