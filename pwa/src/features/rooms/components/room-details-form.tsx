import { IonButton, IonInput, IonSpinner, IonTextarea } from '@ionic/react';
import { ROOM_MESSAGES, type Room } from '@rollbook/shared-types/rooms';
import { useMemo, useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useCompanies } from '../../../lookups/get-companies';
import { apiFieldErrors, errorMessage, firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import { SelectField } from '../../../components/form-fields/select-field';
import { useUpsertRoom } from '../api/upsert-room';
import { checkRoomForm, formFromRoom, NEW_ROOM, sameRoomValues, type RoomFormValues } from './room-form-values';

/** Name, company, capacity (10 by default) and description of a room. */
export function RoomDetailsForm({ room, onCreated }: { room: Room | null; onCreated: (room: Room) => void }) {
  const initial = useMemo(() => (room ? formFromRoom(room) : NEW_ROOM), [room]);
  const [values, setValues] = useState<RoomFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const companies = useCompanies();
  const upsert = useUpsertRoom();
  const notify = useNotify();
  const { dialog } = useUnsavedChangesGuard({ when: !sameRoomValues(values, initial), onDiscard: () => setValues(initial) });
  const set = (patch: Partial<RoomFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = () => {
    if (upsert.isPending) return;
    const checked = checkRoomForm(values, room?.roomId ?? null);
    setErrors(checked.fieldErrors ?? {});
    if (!checked.request) return;
    upsert.mutate(checked.request, {
      onSuccess: (saved) => {
        notify.success(ROOM_MESSAGES.saved);
        if (room) setValues(formFromRoom(saved));
        else {
          setValues(NEW_ROOM);
          onCreated(saved);
        }
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        else notify.error(errorMessage(error));
      },
    });
  };

  const error = (field: string) => firstError(errors, field);
  return (
    <section className="sched-panel room-details" aria-label="Room details">
      <div className="sched-form-grid">
        <IonInput className={invalidClass(error('name'))} label="Name" labelPlacement="stacked" fill="outline" value={values.name}
          errorText={error('name')} onIonInput={(event) => set({ name: event.detail.value ?? '' })} />
        <SelectField label="Company" value={values.companyId || null} errorText={error('companyId')}
          options={(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.name }))} onChange={(v) => set({ companyId: Number(v) })} />
        <IonInput className={invalidClass(error('capacity'))} label="Capacity" labelPlacement="stacked" fill="outline" inputmode="numeric" value={values.capacity}
          errorText={error('capacity')} onIonInput={(event) => set({ capacity: event.detail.value ?? '' })} />
        <IonTextarea className="sched-wide" label="Description" labelPlacement="stacked" fill="outline" autoGrow value={values.description}
          onIonInput={(event) => set({ description: event.detail.value ?? '' })} />
      </div>
      <div className="sched-buttons">
        <IonButton onClick={save} disabled={upsert.isPending}>{upsert.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}</IonButton>
      </div>
      {dialog}
    </section>
  );
}
