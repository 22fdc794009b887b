import { IonAlert, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { NOTE_TYPE_GENERAL } from '@rollbook/shared-types/notes';
import { trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useDeleteNote } from '../api/delete-note';
import { useNotes } from '../api/get-notes';
import { AddNoteDialog } from './add-note-dialog';
import './notes.css';

/** The notes of one entity (1 student, 2 teacher, 3 general): list, ADD NOTE, and delete for type 3. */
export function NotesPanel({ entityTypeId, entityId }: { entityTypeId: number; entityId: number }) {
  const notes = useNotes(entityTypeId, entityId);
  const remove = useDeleteNote(entityTypeId, entityId);
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const deletable = entityTypeId === NOTE_TYPE_GENERAL;

  return (
    <section className="notes-panel" aria-label="Notes">
      <div className="notes-panel__header">
        <IonButton onClick={() => setAdding(true)}>ADD NOTE</IonButton>
      </div>
      {notes.isPending && <IonSpinner aria-label="Loading notes" />}
      {notes.isError && <p role="alert">{notes.error.message}</p>}
      {notes.data && notes.data.length === 0 && <p className="notes-empty">No notes currently</p>}
      {notes.data && notes.data.length > 0 && (
        <ul className="notes-panel__list">
          {notes.data.map((note) => (
            <li key={note.noteId} className="note">
              <div className="note__body">
                <p className="note__meta">
                  {note.dateString}
                  {note.userFullName && ` · ${note.userFullName}`}
                </p>
                {note.title && <p className="note__title">{note.title}</p>}
                <p className="note__text">{note.text}</p>
              </div>
              {deletable && note.entityTypeId === NOTE_TYPE_GENERAL && (
                <IonButton fill="clear" color="danger" aria-label="Delete note" onClick={() => setDeleting(note.noteId)}>
                  <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                </IonButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <AddNoteDialog isOpen={adding} entityTypeId={entityTypeId} entityId={entityId} onClose={() => setAdding(false)} />
      <IonAlert
        isOpen={deleting !== null}
        header="Delete confirmation"
        message="Are you sure you want to delete this note?"
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          const noteId = deleting;
          setDeleting(null);
          if (noteId !== null && event.detail.role === 'confirm') remove.mutate(noteId, { onError: (err) => notify.error(err.message) });
        }}
      />
    </section>
  );
}
