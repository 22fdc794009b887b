import { IonContent, IonPage, IonSpinner } from '@ionic/react';

/** Shown while a page's code loads. */
export function PageLoading() {
  return (
    <IonPage>
      <IonContent className="page-loading">
        <IonSpinner aria-label="Loading" />
      </IonContent>
    </IonPage>
  );
}
