import { IonInput } from '@ionic/react';
import { firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import type { CompanyFormValues, ContactValues } from './company-form-values';

interface CompanyFieldsProps {
  values: CompanyFormValues;
  errors: FieldErrors;
  onChange: (values: CompanyFormValues) => void;
}

type TopField = 'name' | 'code' | 'address' | 'address2' | 'town' | 'county' | 'postCode';
type ContactKey = 'primaryContact' | 'secondaryContact';

/** The company, its primary address, and its primary and secondary contacts. */
export function CompanyFields({ values, errors, onChange }: CompanyFieldsProps) {
  const input = (label: string, field: string, value: string, set: (text: string) => void, inputmode?: 'email' | 'tel') => {
    const message = firstError(errors, field);
    return (
      <IonInput className={invalidClass(message)} label={label} labelPlacement="stacked" fill="outline" inputmode={inputmode}
        value={value} errorText={message} onIonInput={(event) => set(event.detail.value ?? '')} />
    );
  };
  const top = (label: string, field: TopField) => input(label, field, values[field], (text) => onChange({ ...values, [field]: text }));
  const contact = (key: ContactKey, heading: string) => {
    const set = (field: keyof ContactValues) => (text: string) => onChange({ ...values, [key]: { ...values[key], [field]: text } });
    return (
      <fieldset className="sched-panel company-contact">
        <legend>{heading}</legend>
        <div className="sched-form-grid">
          {input('Name', `${key}.name`, values[key].name, set('name'))}
          {input('Job title', `${key}.jobTitle`, values[key].jobTitle, set('jobTitle'))}
          {input('Mobile', `${key}.mobile`, values[key].mobile, set('mobile'), 'tel')}
          {input('Landline', `${key}.landline`, values[key].landline, set('landline'), 'tel')}
          {input('Email', `${key}.email`, values[key].email, set('email'), 'email')}
        </div>
      </fieldset>
    );
  };
  return (
    <>
      <section className="sched-panel company-primary" aria-labelledby="company-primary-heading">
        <h2 id="company-primary-heading">Company and primary address</h2>
        <div className="sched-form-grid">
          {top('Company name', 'name')}
          {top('Code', 'code')}
          {top('Address', 'address')}
          {top('Address 2', 'address2')}
          {top('Town', 'town')}
          {top('County', 'county')}
          {top('Post code', 'postCode')}
        </div>
      </section>
      {contact('primaryContact', 'Primary contact')}
      {contact('secondaryContact', 'Secondary contact')}
    </>
  );
}
