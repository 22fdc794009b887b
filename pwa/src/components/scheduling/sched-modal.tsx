import { IonButton, IonButtons, IonFooter, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { restorePageAriaIfNoOverlay } from './overlay-aria';
import './scheduling.css';

interface SchedModalProps {
  isOpen: boolean;
  title: string;
  /** The close button (and Escape or the backdrop, unless onDismissed is given). */
  onClose: () => void;
  /** After the closing animation: when given, the parent unmounts the dialog here. */
  onDismissed?: () => void;
  children: ReactNode;
  /** Footer buttons; none at all leaves the footer out. */
  footer?: ReactNode;
}

/** A 750px desktop dialog named by its title, with a close button in the header. */
export function SchedModal({ isOpen, title, onClose, onDismissed, children, footer }: SchedModalProps) {
  return (
    <IonModal isOpen={isOpen} onDidDismiss={() => {
        (onDismissed ?? onClose)();
        // After Ionic's own bookkeeping for this dismissal has run.
        setTimeout(() => restorePageAriaIfNoOverlay(), 0);
      }} className="sched-modal" aria-label={title}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 className="page-title">{title}</h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton aria-label="Close" title="Close" onClick={onClose}>
              <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <div className="sched-modal-body">{children}</div>
      {footer && (
        <IonFooter>
          <IonToolbar>
            <div className="sched-buttons sched-modal-footer">{footer}</div>
          </IonToolbar>
        </IonFooter>
      )}
    </IonModal>
  );
}
