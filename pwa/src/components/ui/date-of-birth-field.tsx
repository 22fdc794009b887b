import { IonButton, IonDatetime, IonIcon, IonInput, IonModal } from '@ionic/react';
import { formatDate, parseDateOfBirth } from '@rollbook/shared-types/people';
import { calendarOutline } from 'ionicons/icons';
import { useState } from 'react';

interface Props {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** Date of birth typed as dd/MM/yyyy, or picked from a calendar whose weeks start on Monday. */
export function DateOfBirthField({ value, error, onChange }: Props) {
  const [picking, setPicking] = useState(false);
  const iso = parseDateOfBirth(value);
  return (
    <>
      <IonInput
        className={error ? 'ion-invalid ion-touched' : undefined}
        label="Date of birth"
        labelPlacement="stacked"
        fill="outline"
        placeholder="dd/mm/yyyy"
        inputmode="numeric"
        value={value}
        errorText={error}
        onIonInput={(event) => onChange(event.detail.value ?? '')}
      >
        <IonButton slot="end" fill="clear" aria-label="Choose the date of birth" onClick={() => setPicking(true)}>
          <IonIcon slot="icon-only" icon={calendarOutline} aria-hidden="true" />
        </IonButton>
      </IonInput>
      <IonModal isOpen={picking} onDidDismiss={() => setPicking(false)} className="date-picker-modal">
        <IonDatetime
          presentation="date"
          locale="en-GB"
          firstDayOfWeek={1}
          showDefaultButtons
          value={iso ?? undefined}
          max={new Date().toISOString().slice(0, 10)}
          onIonChange={(event) => {
            const picked = typeof event.detail.value === 'string' ? event.detail.value.slice(0, 10) : null;
            if (picked) onChange(formatDate(picked));
            setPicking(false);
          }}
        />
      </IonModal>
    </>
  );
}
