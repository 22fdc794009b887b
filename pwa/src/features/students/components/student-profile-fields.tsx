import { IonCheckbox, IonSelect, IonSelectOption } from '@ionic/react';
import { CLASS_CHANGE_EMAILS_ADMIN_LABEL } from '@rollbook/shared-types/students';
import { useCompanies } from '../api/get-companies';
import { useNationalities } from '../api/get-nationalities';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field';
import type { StudentField, StudentFieldErrors, StudentFormValues } from './student-form-values';
import { TextField } from '../../../components/ui/text-field';

interface Props {
  values: StudentFormValues;
  errors: StudentFieldErrors;
  onChange: <F extends StudentField>(field: F, value: StudentFormValues[F]) => void;
}

const TEXT_FIELDS: { field: Exclude<StudentField, 'dateOfBirthString' | 'nationalityId' | 'companyId' | 'classChangeEmails'>; label: string; type?: 'email' | 'tel'; autocomplete?: 'off' }[] = [
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'address1', label: 'Address' },
  { field: 'town', label: 'Town' },
  { field: 'county', label: 'County' },
  { field: 'postCode', label: 'Post Code' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'mobile', label: 'Mobile', type: 'tel' },
  { field: 'landline', label: 'Landline', type: 'tel' },
];

/** The Profile tab's fields, in the spec's order. */
export function StudentProfileFields({ values, errors, onChange }: Props) {
  const companies = useCompanies();
  const nationalities = useNationalities();
  return (
    <div className="person-form__grid">
      {TEXT_FIELDS.map(({ field, label, type }) => (
        <TextField key={field} label={label} type={type} value={values[field]} error={errors[field]} onValue={(value) => onChange(field, value)} />
      ))}
      <DateOfBirthField value={values.dateOfBirthString} error={errors.dateOfBirthString} onChange={(value) => onChange('dateOfBirthString', value)} />
      <IonSelect
        className={errors.nationalityId ? 'ion-invalid ion-touched' : undefined}
        label="Nationality"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={values.nationalityId ?? 0}
        errorText={errors.nationalityId}
        onIonChange={(event) => onChange('nationalityId', Number(event.detail.value) || null)}
      >
        <IonSelectOption value={0}>Not given</IonSelectOption>
        {(nationalities.data ?? []).map((n) => (
          <IonSelectOption key={n.nationalityId} value={n.nationalityId}>
            {n.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        className={errors.companyId ? 'ion-invalid ion-touched' : undefined}
        label="Company"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        placeholder="Select a company"
        value={values.companyId ?? undefined}
        errorText={errors.companyId}
        onIonChange={(event) => onChange('companyId', Number(event.detail.value) || null)}
      >
        {(companies.data ?? []).map((company) => (
          <IonSelectOption key={company.companyId} value={company.companyId}>
            {company.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonCheckbox
        checked={values.classChangeEmails}
        justify="start"
        labelPlacement="end"
        onIonChange={(event) => onChange('classChangeEmails', event.detail.checked)}
      >
        {CLASS_CHANGE_EMAILS_ADMIN_LABEL}
      </IonCheckbox>
    </div>
  );
}
