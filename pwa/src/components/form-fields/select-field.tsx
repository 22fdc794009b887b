import { IonSelect, IonSelectOption } from '@ionic/react';
import { invalidClass } from './field-errors';

export interface SelectOption {
  value: number | string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps {
  label: string;
  value: number | string | null;
  options: SelectOption[];
  onChange: (value: number | string) => void;
  errorText?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  /** In tables: the label is read out but not shown. */
  hideLabel?: boolean;
}

/** A labelled single-choice picker; the popover interface suits desktop pages (one click to pick). */
export function SelectField({ label, value, options, onChange, errorText, disabled, placeholder, className, hideLabel }: SelectFieldProps) {
  return (
    <IonSelect
      className={invalidClass(errorText, className)}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      labelPlacement={hideLabel ? undefined : 'stacked'}
      fill={hideLabel ? undefined : 'outline'}
      interface="popover"
      placeholder={placeholder ?? 'Please select'}
      value={value}
      disabled={disabled}
      errorText={errorText}
      onIonChange={(event) => onChange(event.detail.value as number | string)}
    >
      {options.map((option) => (
        <IonSelectOption key={String(option.value)} value={option.value} disabled={option.disabled}>
          {option.label}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
