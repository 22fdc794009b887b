import { IonSpinner } from '@ionic/react';

/**
 * Shown while a page's code loads. Deliberately not an <IonPage>: Ionic's router outlet runs its
 * page transition on the first IonPage a route registers, and treats the page that replaces it
 * (the loaded one) as a repeat of that transition, so the real page would keep
 * `ion-page-invisible` (opacity 0) until a reload. With no IonPage here, the outlet waits for the
 * loaded page and transitions to it.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <IonSpinner aria-label="Loading" />
    </div>
  );
}
