import { IonBadge, IonButton, IonHeader, IonItem, IonLabel, IonList, IonModal, IonRadio, IonRadioGroup, IonTitle, IonToolbar } from '@ionic/react';
import { useState } from 'react';

interface Props {
  active: boolean;
  busy: boolean;
  onChange: (active: boolean) => void;
}

/** The Active / Inactive badge; clicking it opens the status dialog. */
export function StatusBadge({ active, busy, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(active);
  return (
    <>
      <IonBadge
        className="status-badge"
        color={active ? 'success' : 'medium'}
        role="button"
        tabIndex={0}
        aria-label={`Status: ${active ? 'Active' : 'Inactive'}. Change status`}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') setOpen(true);
        }}
      >
        {active ? 'Active' : 'Inactive'}
      </IonBadge>
      <IonModal className="people-dialog" isOpen={open} onWillPresent={() => setChoice(active)} onDidDismiss={() => setOpen(false)}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>Teacher status</IonTitle>
          </IonToolbar>
        </IonHeader>
        <div className="people-dialog__body">
          <IonList>
            <IonRadioGroup value={choice} onIonChange={(event) => setChoice(Boolean(event.detail.value))}>
              <IonItem>
                <IonRadio value={true}>Active</IonRadio>
              </IonItem>
              <IonItem>
                <IonRadio value={false}>Inactive</IonRadio>
              </IonItem>
            </IonRadioGroup>
          </IonList>
          <IonLabel className="people-empty">Inactive teachers are left out of the list unless its status filter says otherwise.</IonLabel>
          <div className="people-dialog__actions">
            <IonButton fill="outline" color="medium" onClick={() => setOpen(false)}>
              Cancel
            </IonButton>
            <IonButton
              disabled={busy}
              onClick={() => {
                if (choice !== active) onChange(choice);
                setOpen(false);
              }}
            >
              SAVE
            </IonButton>
          </div>
        </div>
      </IonModal>
    </>
  );
}
