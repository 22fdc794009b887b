import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { arrowBackOutline, closeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { ClassDialogBody } from './class-dialog-body';
import { dialogTitle, type DialogState } from '../dialog-state';
import './class-dialog.css';

interface ClassDialogProps {
  /** What to open (null: closed). Mode C needs courseId; M, E and CM need classId. */
  target: DialogState | null;
  onClose: () => void;
}

/** The phone's attendance and reschedule dialog, modes C (class list), M, E and CM (spec §2.12). */
export function ClassDialog({ target, onClose }: ClassDialogProps) {
  return (
    <IonModal isOpen={target !== null} onDidDismiss={onClose} className="mobile-modal" aria-labelledby="class-dialog-title">
      {target && <DialogFrame key={`${target.mode}:${target.classId ?? ''}:${target.courseId ?? ''}`} target={target} onClose={onClose} />}
    </IonModal>
  );
}

function DialogFrame({ target, onClose }: { target: DialogState; onClose: () => void }) {
  const [state, setState] = useState<DialogState>(target);
  const [title, setTitle] = useState(() => dialogTitle(target, null));
  // From the class list (C) the teacher can go back to it; from CM back to the reschedule form.
  const back = state.mode === 'CM' ? { ...state, mode: 'E' as const } : state.mode !== 'C' && target.mode === 'C' ? { ...target } : null;
  return (
    <>
      <IonHeader>
        <IonToolbar>
          {back && (
            <IonButtons slot="start">
              <IonButton aria-label="Back" onClick={() => setState(back)}>
                <IonIcon slot="icon-only" icon={arrowBackOutline} aria-hidden="true" />
              </IonButton>
            </IonButtons>
          )}
          <IonTitle>
            <h2 id="class-dialog-title" className="modal-title">
              {title}
            </h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton aria-label="Close" onClick={onClose}>
              <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <ClassDialogBody state={state} onChange={setState} onTitle={setTitle} onClose={onClose} closeAfterSave={target.mode !== 'C'} />
      </IonContent>
    </>
  );
}
