import { IonButton, IonIcon } from '@ionic/react';
import type { MouseEvent } from 'react';

interface IconButtonProps {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: string;
  onClick?: (event: MouseEvent<HTMLIonButtonElement>) => void;
  routerLink?: string;
  color?: string;
  slot?: string;
}

/** An icon-only button of the phone cards and dialogs: labelled for assistive technology, with a tooltip. */
export function IconButton({ label, icon, onClick, routerLink, color, slot }: IconButtonProps) {
  return (
    <IonButton fill="clear" aria-label={label} title={label} onClick={onClick} routerLink={routerLink} color={color} slot={slot}>
      <IonIcon slot="icon-only" icon={icon} aria-hidden="true" />
    </IonButton>
  );
}
