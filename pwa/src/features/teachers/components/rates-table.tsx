import { IonAlert, IonButton, IonIcon, IonNote, IonToggle } from '@ionic/react';
import { poundsToPence, TEACHER_MESSAGES } from '@rollbook/shared-types/teachers';
import { formatPounds } from '@rollbook/shared-types/money';
import { createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { rateUseCount } from '../api/can-rate-be-removed';
import { RateDialog } from './rate-dialog';
import { newRateKey, type RateRow } from './teacher-form-values';

interface Props {
  rates: RateRow[];
  /** A saved teacher: rates can be switched on and off. */
  editMode: boolean;
  error?: string;
  onChange: (rates: RateRow[]) => void;
}

/** The teacher's pay rates: add and edit in a dialog, activate, and delete those not in use. */
export function RatesTable({ rates, editMode, error, onChange }: Props) {
  const [editing, setEditing] = useState<RateRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RateRow | null>(null);
  const notify = useNotify();

  const saveRate = ({ description, rate }: { description: string; rate: number }) => {
    if (editing === 'new') onChange([...rates, { key: newRateKey(), teacherRateId: null, description, rate, active: true, inUse: false }]);
    else if (editing) onChange(rates.map((r) => (r.key === editing.key ? { ...r, description, rate } : r)));
    setEditing(null);
  };

  const remove = async (row: RateRow) => {
    // The rate may have been used since the form was opened.
    if (row.teacherRateId !== null) {
      try {
        if ((await rateUseCount(row.teacherRateId)) > 0) {
          notify.error(TEACHER_MESSAGES.rateInUse);
          return;
        }
      } catch (err) {
        notify.error((err as Error).message);
        return;
      }
    }
    onChange(rates.filter((r) => r.key !== row.key));
  };

  return (
    <section className="person-panel" aria-labelledby="rates-heading">
      <div className="people-list__header">
        <h3 id="rates-heading">Rates</h3>
        <IonButton size="small" onClick={() => setEditing('new')}>
          ADD RATE
        </IonButton>
      </div>
      {rates.length === 0 ? (
        <p className="people-empty">No rates defined</p>
      ) : (
        <table className="people-table people-table--static">
          <thead>
            <tr>
              <th scope="col">Rate name</th>
              <th scope="col">Rate per hour (£)</th>
              {editMode && <th scope="col">Active</th>}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rates.map((row) => (
              <tr key={row.key}>
                <td>{row.description}</td>
                <td>{formatPounds(poundsToPence(row.rate))}</td>
                {editMode && (
                  <td>
                    <IonToggle
                      aria-label={`${row.description} active`}
                      checked={row.active}
                      onIonChange={(event) => onChange(rates.map((r) => (r.key === row.key ? { ...r, active: event.detail.checked } : r)))}
                    />
                  </td>
                )}
                <td className="rates-table__actions">
                  <IonButton fill="clear" aria-label={`Edit rate ${row.description}`} onClick={() => setEditing(row)}>
                    <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                  </IonButton>
                  {!row.inUse && (
                    <IonButton fill="clear" color="danger" aria-label={`Delete rate ${row.description}`} onClick={() => setDeleting(row)}>
                      <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                    </IonButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <IonNote color="danger" className="field-error" role="alert">
          {error}
        </IonNote>
      )}
      <RateDialog isOpen={editing !== null} rate={editing === 'new' ? null : editing} onSave={saveRate} onClose={() => setEditing(null)} />
      <IonAlert
        isOpen={deleting !== null}
        header="Delete confirmation"
        message="Are you sure you want to delete this rate?"
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          const row = deleting;
          setDeleting(null);
          if (row && event.detail.role === 'confirm') void remove(row);
        }}
      />
    </section>
  );
}
