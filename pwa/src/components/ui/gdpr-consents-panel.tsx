import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import type { GdprConsentItem } from '@rollbook/shared-types/people';
import { checkmarkCircle, closeCircleOutline } from 'ionicons/icons';

/** The consents the person recorded through their own login: a tick per consent given. */
export function GdprConsentsPanel({ consents }: { consents: GdprConsentItem[] }) {
  return (
    <section className="person-panel" aria-labelledby="gdpr-heading">
      <h3 id="gdpr-heading">GDPR settings</h3>
      {consents.length === 0 ? (
        <p className="people-empty">GDPR settings updated by user</p>
      ) : (
        <IonList lines="none">
          {consents.map((consent) => (
            <IonItem key={consent.code}>
              <IonIcon
                slot="start"
                icon={consent.consent ? checkmarkCircle : closeCircleOutline}
                color={consent.consent ? 'success' : 'medium'}
                role="img"
                aria-label={consent.consent ? 'Given' : 'Not given'}
              />
              <IonLabel>{consent.name}</IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}
