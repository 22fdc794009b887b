import { IonButton, IonHeader, IonModal, IonTextarea, IonTitle, IonToolbar } from '@ionic/react';
import { SaveNoteRequestSchema } from '@rollbook/shared-types/notes';
import { useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useSaveNote } from '../api/save-note';

interface Props {
  isOpen: boolean;
  entityTypeId: number;
  entityId: number;
  onClose: () => void;
}

/** The ADD NOTE dialog: free text, saved to the entity. */
export function AddNoteDialog({ isOpen, entityTypeId, entityId, onClose }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveNote();
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SaveNoteRequestSchema.safeParse({ entityTypeId, entityId, text });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'text')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(
      { entityTypeId, entityId, text },
      {
        onSuccess: onClose,
        onError: (err) => notify.error(err.message),
      },
    );
  };

  return (
    <IonModal
      className="note-dialog"
      isOpen={isOpen}
      onDidDismiss={() => {
        setText('');
        setError(undefined);
        onClose();
      }}
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>Add note</IonTitle>
        </IonToolbar>
      </IonHeader>
      <form className="note-dialog__body" onSubmit={submit} noValidate>
        <IonTextarea
          className={error ? 'ion-invalid ion-touched' : undefined}
          label="Note"
          labelPlacement="stacked"
          fill="outline"
          autoGrow
          rows={5}
          value={text}
          errorText={error}
          onIonInput={(event) => setText(event.detail.value ?? '')}
        />
        <div className="note-dialog__actions">
          <IonButton fill="outline" color="medium" onClick={onClose}>
            Cancel
          </IonButton>
          <IonButton type="submit" disabled={save.isPending}>
            SAVE
          </IonButton>
        </div>
      </form>
    </IonModal>
  );
}
