import { IonAlert, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { NOTE_TYPE_GENERAL } from '@rollbook/shared-types/notes';
import { trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { SelectField } from '../../../components/form-fields/select-field';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { useNotify } from '../../../components/ui/notify';
import { useLastPageWhenPastTheEnd, usePanelList } from '../../../lib/use-panel-list';
import { useDeleteNote } from '../api/delete-note';
import { useNotePage } from '../api/get-notes';
import { AddNoteDialog } from './add-note-dialog';
import { NOTE_LIST, NOTE_ORDERS, noteOrderFrom, noteOrderValue } from './note-list-order';
import './notes.css';

/**
 * The notes of one entity (1 student, 2 teacher, 3 general), one page at a time, newest first
 * unless another order is picked: list, ADD NOTE, and delete for type 3.
 */
export function NotesPanel({ entityTypeId, entityId }: { entityTypeId: number; entityId: number }) {
  const list = usePanelList(`${entityTypeId}:${entityId}`, NOTE_LIST);
  const notes = useNotePage(entityTypeId, entityId, list.query);
  const data = notes.data;
  useLastPageWhenPastTheEnd(list, data, notes.isPlaceholderData);
  const remove = useDeleteNote(entityTypeId, entityId);
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const deletable = entityTypeId === NOTE_TYPE_GENERAL;

  return (
    <section className="notes-panel" aria-label="Notes">
      <div className="notes-panel__header">
        {data && data.total > 1 && (
          <SelectField
            className="notes-panel__order"
            label="Order"
            value={noteOrderValue(list.order)}
            options={NOTE_ORDERS}
            onChange={(value) => list.setOrder(noteOrderFrom(String(value)))}
          />
        )}
        <IonButton onClick={() => setAdding(true)}>ADD NOTE</IonButton>
      </div>
      {notes.isPending && <IonSpinner aria-label="Loading notes" />}
      {notes.isError && <p role="alert">{notes.error.message}</p>}
      {data && data.total === 0 && <p className="notes-empty">No notes currently</p>}
      {data && data.notes.length > 0 && (
        <ul className="notes-panel__list" aria-busy={notes.isPlaceholderData}>
          {data.notes.map((note) => (
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
      {data && data.total > 0 && (
        <ListPageNav
          noun="notes"
          page={list.state.page}
          pageSize={list.state.pageSize}
          total={data.total}
          pageSizes={NOTE_LIST.pageSizes}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
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
          if (noteId !== null && event.detail.role === 'confirm') remove.mutate({ noteId, page: list.query }, { onError: (err) => notify.error(err.message) });
        }}
      />
    </section>
  );
}
