import { IonDatetime, IonInput, IonModal } from '@ionic/react';
import { calendarOutline } from 'ionicons/icons';
import { useState } from 'react';
import { IconButton } from '../../../components/mobile/icon-button';
import { fromIsoDate, toIsoDate } from '../reschedule-form';

interface ClassDateFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The class date typed as dd/MM/yyyy, or picked from a calendar whose weeks start on Monday. */
export function ClassDateField({ value, error, onChange }: ClassDateFieldProps) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <IonInput
        label="Class date"
        labelPlacement="stacked"
        placeholder="dd/mm/yyyy"
        inputmode="numeric"
        value={value}
        errorText={error}
        className={error ? 'ion-invalid ion-touched' : undefined}
        onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
      >
        <IconButton slot="end" label="Choose the class date" icon={calendarOutline} onClick={() => setPicking(true)} />
      </IonInput>
      <IonModal isOpen={picking} onDidDismiss={() => setPicking(false)} className="mobile-date-picker" aria-label="Class date">
        <IonDatetime
          presentation="date"
          locale="en-GB"
          firstDayOfWeek={1}
          showDefaultButtons
          value={toIsoDate(value)}
          onIonChange={(event) => {
            if (typeof event.detail.value === 'string') onChange(fromIsoDate(event.detail.value));
            setPicking(false);
          }}
        />
      </IonModal>
    </>
  );
}
