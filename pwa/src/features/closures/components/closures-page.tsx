import { IonButton, IonSpinner, useIonAlert } from '@ionic/react';
import { CLOSURE_MESSAGES, type Closure } from '@rollbook/shared-types/closures';
import { useState } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useNotify } from '../../../components/ui/notify';
import { useClosures } from '../api/get-closures';
import { useDeleteClosure } from '../api/delete-closure';
import { ClosureDialog } from './closure-dialog';
import '../../../components/scheduling/scheduling.css';

const shownRange = (closure: Closure) =>
  closure.toDate === closure.fromDate ? closure.fromDateString : `${closure.fromDateString} - ${closure.toDateString}`;

/** /closures: the school's closure days and bank holidays; the class generator skips them. */
export default function ClosuresPage() {
  const closures = useClosures();
  const remove = useDeleteClosure();
  const notify = useNotify();
  const [presentAlert] = useIonAlert();
  // null: closed; 'new': adding; a closure: editing it.
  const [editing, setEditing] = useState<Closure | 'new' | null>(null);

  const confirmDelete = (closure: Closure) =>
    void presentAlert({
      header: 'Delete confirmation',
      message: `Are you sure you want to delete the closure '${closure.name}' (${shownRange(closure)})?`,
      buttons: [
        { text: 'CANCEL', role: 'cancel' },
        {
          text: 'DELETE',
          handler: () => remove.mutate(closure.closureId, {
            onSuccess: () => notify.success(CLOSURE_MESSAGES.deleted),
            onError: (error) => notify.error(errorMessage(error)),
          }),
        },
      ],
    });

  return (
    <SignedInPage title="Closures">
      <div className="sched-toolbar">
        <h2>{closures.data ? `${closures.data.length} closures` : ''}</h2>
        <IonButton onClick={() => setEditing('new')}>ADD CLOSURE</IonButton>
      </div>
      <p>Days the school is shut. The class generator leaves them out and says which dates it skipped. A closure added over classes already scheduled lists them, to move each to the end of its course or cancel it.</p>
      {closures.isPending && <IonSpinner aria-label="Loading closures" />}
      {closures.isError && <p className="sched-inline-error" role="alert">{errorMessage(closures.error)}</p>}
      {closures.data && closures.data.length === 0 && <p className="sched-empty">No closures currently</p>}
      {closures.data && closures.data.length > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table closures-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Dates</th>
                <th scope="col">Kind</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {closures.data.map((closure) => (
                <tr key={closure.closureId}>
                  <td>{closure.name}</td>
                  <td>{shownRange(closure)}</td>
                  <td>{closure.bankHoliday ? 'Bank holiday' : 'School closure'}</td>
                  <td>
                    <IonButton size="small" fill="clear" aria-label={`Edit ${closure.name} ${closure.fromDateString}`} onClick={() => setEditing(closure)}>EDIT</IonButton>
                    <IonButton size="small" fill="clear" color="danger" aria-label={`Delete ${closure.name} ${closure.fromDateString}`} onClick={() => confirmDelete(closure)}>DELETE</IonButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && <ClosureDialog closure={editing === 'new' ? null : editing} onDismissed={() => setEditing(null)} />}
    </SignedInPage>
  );
}
