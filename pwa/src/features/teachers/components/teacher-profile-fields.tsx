import { IonSelect, IonSelectOption } from '@ionic/react';
import { useNationalities } from '../api/get-nationalities';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field';
import type { TeacherFieldErrors, TeacherFormValues } from './teacher-form-values';
import { TextField } from '../../../components/ui/text-field';

type TextFieldName = 'firstName' | 'lastName' | 'address1' | 'town' | 'city' | 'county' | 'postCode' | 'mobile' | 'landline' | 'email';

interface Props {
  values: TeacherFormValues;
  errors: TeacherFieldErrors;
  onChange: (changes: Partial<TeacherFormValues>) => void;
}

const TEXT_FIELDS: { field: TextFieldName; label: string; type?: 'email' | 'tel' }[] = [
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'address1', label: 'Address 1' },
  { field: 'town', label: 'Town' },
  { field: 'city', label: 'City' },
  { field: 'county', label: 'County' },
  { field: 'postCode', label: 'Post Code' },
  { field: 'mobile', label: 'Mobile', type: 'tel' },
  { field: 'landline', label: 'Landline', type: 'tel' },
  { field: 'email', label: 'Email', type: 'email' },
];

/** The teacher's profile fields, in the spec's order. */
export function TeacherProfileFields({ values, errors, onChange }: Props) {
  const nationalities = useNationalities();
  return (
    <div className="person-form__grid">
      {TEXT_FIELDS.map(({ field, label, type }) => (
        <TextField key={field} label={label} type={type} value={values[field]} error={errors[field]} onValue={(value) => onChange({ [field]: value })} />
      ))}
      <DateOfBirthField value={values.dateOfBirthString} error={errors.dateOfBirthString} onChange={(value) => onChange({ dateOfBirthString: value })} />
      <IonSelect
        className={errors.nationalityId ? 'ion-invalid ion-touched' : undefined}
        label="Nationality"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={values.nationalityId ?? 0}
        errorText={errors.nationalityId}
        onIonChange={(event) => onChange({ nationalityId: Number(event.detail.value) || null })}
      >
        <IonSelectOption value={0}>Not given</IonSelectOption>
        {(nationalities.data ?? []).map((n) => (
          <IonSelectOption key={n.nationalityId} value={n.nationalityId}>
            {n.name}
          </IonSelectOption>
        ))}
      </IonSelect>
    </div>
  );
}
