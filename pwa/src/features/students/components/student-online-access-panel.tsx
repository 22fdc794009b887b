import { IonAlert, IonButton } from '@ionic/react';
import { useState } from 'react';

/** Online access: whether the student can sign in; REMOVE LOGIN is not available for students (spec). */
export function StudentOnlineAccessPanel({ hasLogin }: { hasLogin: boolean }) {
  const [alerting, setAlerting] = useState(false);
  return (
    <section className="person-panel" aria-labelledby="online-access-heading">
      <h3 id="online-access-heading">Online access</h3>
      <p>{hasLogin ? 'This student can sign in online.' : 'This student has not signed up for online access.'}</p>
      {hasLogin && (
        <IonButton color="danger" fill="outline" onClick={() => setAlerting(true)}>
          REMOVE LOGIN
        </IonButton>
      )}
      <IonAlert isOpen={alerting} message="Not implemented" buttons={['OK']} onDidDismiss={() => setAlerting(false)} />
    </section>
  );
}
