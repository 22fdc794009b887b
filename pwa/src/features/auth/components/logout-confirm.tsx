import { IonAlert } from '@ionic/react';

interface LogoutConfirmProps {
  onConfirm: () => void;
  onDismiss: () => void;
}

/** The spec's log-out question, shown open as soon as it mounts. */
export function LogoutConfirm({ onConfirm, onDismiss }: LogoutConfirmProps) {
  return (
    <IonAlert
      isOpen
      header="Are you sure?"
      message="You want to log out of the product"
      buttons={[
        { text: 'NO', role: 'cancel' },
        { text: 'YES', role: 'confirm', handler: onConfirm },
      ]}
      onDidDismiss={onDismiss}
    />
  );
}
