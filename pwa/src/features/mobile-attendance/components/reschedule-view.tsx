import { IonButton, IonInput, IonList, IonItem, IonNote, IonSelect, IonSelectOption } from '@ionic/react';
import { useState } from 'react';
import type { ClassView } from '../../../offline/class-views';
import { rescheduleClass } from '../../../offline/offline-actions';
import { useNotify } from '../../../components/ui/notify';
import { ClassDateField } from './class-date-field';
import { HOURS, initialValues, MINUTES, pad2, toClassDate, validateReschedule, type RescheduleErrors, type RescheduleValues } from '../reschedule-form';

interface RescheduleViewProps {
  cls: ClassView;
  onDone: () => void;
  onMoveToEnd: () => void;
}

const invalid = (error: string | undefined) => (error ? 'ion-invalid ion-touched' : undefined);

/** Mode E: the class's date, hour, minutes (steps of 5) and duration; MOVE TO END asks first. */
export function RescheduleView({ cls, onDone, onMoveToEnd }: RescheduleViewProps) {
  const notify = useNotify();
  const [values, setValues] = useState<RescheduleValues>(() => initialValues(cls));
  const [errors, setErrors] = useState<RescheduleErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (changes: Partial<RescheduleValues>) => setValues((current) => ({ ...current, ...changes }));

  const save = async () => {
    const found = validateReschedule(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await rescheduleClass({ classId: cls.classId, classDate: toClassDate(values), classLength: Number(values.classLength) });
      onDone();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  };

  return (
    <form
      className="reschedule-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <IonList lines="full">
        <IonItem>
          <ClassDateField value={values.date} error={errors.date} onChange={(date) => set({ date })} />
        </IonItem>
        <IonItem>
          <IonSelect label="Hour" labelPlacement="stacked" interface="popover" value={values.hour} onIonChange={(event) => set({ hour: Number(event.detail.value) })}>
            {HOURS.map((hour) => (
              <IonSelectOption key={hour} value={hour}>
                {pad2(hour)}
              </IonSelectOption>
            ))}
          </IonSelect>
          <IonSelect label="Minutes" labelPlacement="stacked" interface="popover" value={values.minute} onIonChange={(event) => set({ minute: Number(event.detail.value) })}>
            {MINUTES.map((minute) => (
              <IonSelectOption key={minute} value={minute}>
                {pad2(minute)}
              </IonSelectOption>
            ))}
          </IonSelect>
        </IonItem>
        <IonItem>
          <IonInput
            type="number"
            inputmode="numeric"
            label="Duration in mins"
            labelPlacement="stacked"
            min="1"
            max="1440"
            value={values.classLength}
            errorText={errors.classLength}
            className={invalid(errors.classLength)}
            onIonInput={(event) => set({ classLength: String(event.detail.value ?? '') })}
          />
        </IonItem>
      </IonList>
      {errors.minute && <IonNote color="danger">{errors.minute}</IonNote>}
      <div className="dialog-actions">
        <IonButton type="submit" disabled={saving}>
          SAVE
        </IonButton>
        <IonButton fill="outline" color="medium" disabled={saving || cls.movingToEnd} onClick={onMoveToEnd}>
          MOVE TO END
        </IonButton>
      </div>
    </form>
  );
}
