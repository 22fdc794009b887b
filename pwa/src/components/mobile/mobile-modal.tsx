import { IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { arrowBackOutline, closeOutline } from 'ionicons/icons';
import { useState, type ReactNode } from 'react';
import { IconButton } from './icon-button';

interface MobileModalProps {
  isOpen: boolean;
  /** The heading shown in the toolbar. */
  title: string;
  /** The dialog's accessible name, taken when it opens (default: the title). */
  label?: string;
  onClose: () => void;
  /** A back arrow before the title. */
  onBack?: () => void;
  children: ReactNode;
}

/**
 * A phone dialog: toolbar with its title and a close button, scrolling content. Ionic puts the
 * dialog role inside its shadow root and copies only aria-label there, once, when the modal loads:
 * so the modal is mounted afresh for each opening, named after what it opened on.
 */
export function MobileModal({ isOpen, title, label, onClose, onBack, children }: MobileModalProps) {
  const [opening, setOpening] = useState({ key: 0, open: false, label: label ?? title });
  if (isOpen !== opening.open) setOpening({ key: isOpen ? opening.key + 1 : opening.key, open: isOpen, label: isOpen ? (label ?? title) : opening.label });
  return (
    <IonModal key={opening.key} isOpen={isOpen} onDidDismiss={onClose} className="mobile-modal" aria-label={opening.label}>
      <IonHeader>
        <IonToolbar>
          {onBack && (
            <IonButtons slot="start">
              <IconButton label="Back" icon={arrowBackOutline} onClick={onBack} />
            </IonButtons>
          )}
          <IonTitle>
            <h2 className="modal-title">{title}</h2>
          </IonTitle>
          <IonButtons slot="end">
            <IconButton label="Close" icon={closeOutline} onClick={onClose} />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{children}</IonContent>
    </IonModal>
  );
}
