import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';

/** Frame of the sign-in, sign-up and password pages: no top bar, no menu, a centred card. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <IonPage>
      <IonContent className="public-page">
        <div className="public-page__card">
          <img className="public-page__logo" src="/pwa-192x192.png" alt="" width="64" height="64" />
          <p className="public-page__brand">Rollbook</p>
          <h1 className="public-page__title">{title}</h1>
          {children}
        </div>
      </IonContent>
    </IonPage>
  );
}
