import { IonButton } from '@ionic/react';
import type { ComponentProps } from 'react';

type ToggleButtonProps = Omit<ComponentProps<typeof IonButton>, 'fill' | 'aria-pressed'> & {
  pressed: boolean;
};

/**
 * One of a group of choices (ATTENDED / ABSENT, MOVE TO END / CANCEL CLASS): solid and
 * aria-pressed while chosen. ion-button copies aria-* into its inner button only when it loads, so
 * a change of state mounts a new one (its key); and aria-pressed is a string, because React 19
 * writes a true on a custom element as an empty attribute (and drops a false), which screen
 * readers do not read as pressed.
 */
export function ToggleButton({ pressed, ...props }: ToggleButtonProps) {
  return <IonButton key={String(pressed)} {...props} fill={pressed ? 'solid' : 'outline'} aria-pressed={pressed ? 'true' : 'false'} />;
}
