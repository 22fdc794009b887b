import { IonInput } from '@ionic/react';
import type { ComponentProps } from 'react';

type InputProps = Omit<ComponentProps<typeof IonInput>, 'value' | 'onIonInput' | 'label' | 'errorText'>;

interface Props extends InputProps {
  label: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
}

/** A labelled outline input that shows its validation message beside it, highlighted. */
export function TextField({ label, value, error, onValue, ...rest }: Props) {
  return (
    <IonInput
      {...rest}
      className={error ? 'ion-invalid ion-touched' : undefined}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      value={value}
      errorText={error}
      onIonInput={(event) => onValue(event.detail.value ?? '')}
    />
  );
}
