import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';

/** Frame of the printable reports: no navigation, nothing but the report. */
export function PrintPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <IonPage>
      <IonContent className="print-page">
        <h1>{title}</h1>
        {children}
      </IonContent>
    </IonPage>
  );
}
