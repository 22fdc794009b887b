import { IonItem, IonList, IonSpinner, IonToggle } from '@ionic/react';
import { useNotify } from '../../../components/ui/notify';
import { useConsents } from '../api/get-consents';
import { useUpdateConsent } from '../api/update-consent';

/** Data Consent Settings: a toggle per consent, each saved as soon as it changes. */
export function ConsentSettings() {
  const consents = useConsents();
  const update = useUpdateConsent();
  const notify = useNotify();
  if (consents.isPending) return <IonSpinner aria-label="Loading consents" />;
  if (consents.isError) return <p role="alert">{consents.error.message}</p>;
  return (
    <IonList className="profile-consents">
      {consents.data.map((consent) => (
        <IonItem key={consent.code}>
          <IonToggle
            checked={consent.consent}
            disabled={update.isPending}
            onIonChange={(event) => update.mutate({ code: consent.code, value: event.detail.checked }, { onError: (error) => notify.error(error.message) })}
          >
            {consent.name}
          </IonToggle>
        </IonItem>
      ))}
    </IonList>
  );
}
