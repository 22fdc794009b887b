import { IonButton, IonInput } from '@ionic/react';
import { validateAddressForm, type Address } from '@rollbook/shared-types/companies';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { apiFieldErrors, errorMessage, firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { useUpsertAddress } from '../api/company-addresses';

type AddressField = 'address' | 'address2' | 'town' | 'county' | 'postCode';
const FIELDS: [AddressField, string][] = [['address', 'Address'], ['address2', 'Address 2'], ['town', 'Town'], ['county', 'County'], ['postCode', 'Post code']];

/** Adds a secondary address, or edits one. */
export function AddressModal({ companyId, address, onDismissed }: { companyId: number; address: Address | null; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [values, setValues] = useState<Record<AddressField, string>>({
    address: address?.address1 ?? '', address2: address?.address2 ?? '', town: address?.town ?? '', county: address?.county ?? '', postCode: address?.postCode ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpsertAddress();
  const notify = useNotify();

  const onSave = () => {
    const request = { addressId: address?.addressId ?? 0, companyId, ...values };
    const checked = validateAddressForm(request);
    setErrors(checked.fieldErrors ?? {});
    if (checked.fieldErrors || save.isPending) return;
    save.mutate(request, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        else notify.error(errorMessage(error));
      },
    });
  };

  const footer = (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CANCEL</IonButton>
      <IonButton onClick={onSave} disabled={save.isPending}>SAVE</IonButton>
    </>
  );
  return (
    <SchedModal isOpen={open} title={address ? 'Edit address' : 'Add address'} onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      <div className="sched-form-grid">
        {FIELDS.map(([field, label]) => (
          <IonInput key={field} className={invalidClass(firstError(errors, field))} label={label} labelPlacement="stacked" fill="outline"
            value={values[field]} errorText={firstError(errors, field)} onIonInput={(event) => setValues((current) => ({ ...current, [field]: event.detail.value ?? '' }))} />
        ))}
      </div>
    </SchedModal>
  );
}
