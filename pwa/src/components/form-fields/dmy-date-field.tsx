import { IonInput } from '@ionic/react';
import { parseDmy } from '@rollbook/shared-types/dates';
import { useState } from 'react';
import { invalidClass } from './field-errors';

export const DMY_FORMAT_MESSAGE = 'Please enter a valid date as d/m/yyyy';

/** The message a typed date earns once the field has been left: empty is the form's business. */
export function dmyFieldError(text: string, touched: boolean): string | undefined {
  if (!touched || text.trim() === '') return undefined;
  return parseDmy(text) ? undefined : DMY_FORMAT_MESSAGE;
}

/** What the field shows: a date that is not a real one says so, else the form's own message. */
export const dmyMessage = (text: string, touched: boolean, formError: string | undefined): string | undefined =>
  dmyFieldError(text, touched) ?? formError;

interface DmyDateFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The form's own message (e.g. 'Please enter a Start Date'); a date typed wrong says so instead. */
  errorText?: string;
  disabled?: boolean;
  className?: string;
}

/** A d/m/yyyy date typed as text and checked as the API checks it (real days, leap years). */
export function DmyDateField({ label, value, onChange, errorText, disabled, className }: DmyDateFieldProps) {
  const [touched, setTouched] = useState(false);
  const message = dmyMessage(value, touched, errorText);
  return (
    <IonInput
      className={invalidClass(message, className)}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      placeholder="dd/mm/yyyy"
      inputmode="numeric"
      value={value}
      disabled={disabled}
      errorText={message}
      onIonInput={(event) => onChange(event.detail.value ?? '')}
      onIonBlur={() => setTouched(true)}
    />
  );
}
