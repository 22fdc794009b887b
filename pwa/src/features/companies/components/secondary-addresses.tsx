import { IonAlert, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import type { Address } from '@rollbook/shared-types/companies';
import { createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useCompanyAddresses } from '../../../lookups/get-company-addresses';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useDeleteAddress } from '../api/company-addresses';
import { AddressModal } from './address-modal';

export const REMOVE_ADDRESS_QUESTION = 'Are you sure you wish to remove this address?';

/** The company's other sites; the primary address is part of the form above. */
export function SecondaryAddresses({ companyId }: { companyId: number }) {
  const addresses = useCompanyAddresses(companyId, true);
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  const notify = useNotify();

  return (
    <section className="sched-panel company-addresses" aria-labelledby="company-addresses-heading">
      <div className="sched-toolbar">
        <h2 id="company-addresses-heading">Secondary addresses</h2>
        <IonButton fill="outline" onClick={() => setEditing({ address: null })}>ADD ADDRESS</IonButton>
      </div>
      {addresses.isPending && <IonSpinner aria-label="Loading addresses" />}
      {addresses.data && addresses.data.length === 0 && <p className="sched-empty">No secondary addresses currently</p>}
      {addresses.data && addresses.data.length > 0 && (
        <table className="sched-table">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Town</th>
              <th scope="col">Post code</th>
              <th scope="col" className="sched-actions"><span className="ion-hide">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {addresses.data.map((a) => (
              <tr key={a.addressId}>
                <td>{[a.address1, a.address2].filter(Boolean).join(', ')}</td>
                <td>{a.town ?? ''}</td>
                <td>{a.postCode ?? ''}</td>
                <td className="sched-actions">
                  <IonButton fill="clear" size="small" aria-label={`Edit ${a.address1}`} onClick={() => setEditing({ address: a })}>
                    <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                  </IonButton>
                  <IonButton fill="clear" size="small" color="danger" aria-label={`Remove ${a.address1}`} onClick={() => setRemoving(a)}>
                    <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                  </IonButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && <AddressModal companyId={companyId} address={editing.address} onDismissed={() => setEditing(null)} />}
      <IonAlert
        isOpen={removing !== null}
        header="Remove address"
        message={REMOVE_ADDRESS_QUESTION}
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          if (removing && event.detail.role === 'confirm') {
            remove.mutate({ addressId: removing.addressId, companyId }, { onError: (error) => notify.error(errorMessage(error)) });
          }
          setRemoving(null);
        }}
      />
    </section>
  );
}
