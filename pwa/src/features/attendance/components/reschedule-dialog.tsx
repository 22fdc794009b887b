import { IonAlert, IonButton, IonInput, IonSpinner } from '@ionic/react';
import type { ClassItem } from '@rollbook/shared-types/classes';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ClashError } from '../../../lib/clash-aware-request';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { errorMessage, invalidClass } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { TimeSelect } from '../../../components/form-fields/time-select';
import { useClashConfirm } from '../../../components/scheduling/use-clash-confirm';
import { useMoveClassToEnd } from '../api/move-class-to-end';
import { useRescheduleClass } from '../api/reschedule-class';
import { attendanceTitle } from './attendance-marks';
import { ClassSummary } from './class-summary';
import { initialReschedule, RESCHEDULE_MESSAGES, validateReschedule, type RescheduleValues } from './reschedule-form';

/** Mode R: new date, time (hour, 5-minute steps) and length, or MOVE TO END after confirming. */
export function RescheduleDialog({ classItem, onDismissed }: { classItem: ClassItem; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [values, setValues] = useState<RescheduleValues>(() => initialReschedule(classItem));
  const [errors, setErrors] = useState<Partial<Record<keyof RescheduleValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingMove, setConfirmingMove] = useState(false);
  const reschedule = useRescheduleClass();
  const moveToEnd = useMoveClassToEnd();
  const confirmClashes = useClashConfirm();
  const notify = useNotify();
  const busy = reschedule.isPending || moveToEnd.isPending;

  const set = (field: keyof RescheduleValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const done = (message: string) => {
    notify.success(message);
    setOpen(false);
  };
  const failed = async (error: unknown, retry: () => void) => {
    if (error instanceof ClashError) {
      if (await confirmClashes(error.message, error.clashes)) retry();
      return;
    }
    setFailure(errorMessage(error));
  };

  const onSave = (allowClashes = false) => {
    const result = validateReschedule(values);
    setErrors(result.errors ?? {});
    setFailure(null);
    if (!result.value || busy) return;
    reschedule.mutate(
      { classId: classItem.classId, ...result.value, allowClashes },
      { onSuccess: () => done(RESCHEDULE_MESSAGES.rescheduled), onError: (error) => void failed(error, () => onSave(true)) },
    );
  };

  const onMoveToEnd = (allowClashes = false) => {
    setFailure(null);
    if (busy) return;
    moveToEnd.mutate(
      { classId: classItem.classId, allowClashes },
      { onSuccess: () => done(RESCHEDULE_MESSAGES.moved), onError: (error) => void failed(error, () => onMoveToEnd(true)) },
    );
  };

  const footer = (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CLOSE</IonButton>
      <IonButton fill="outline" color="secondary" disabled={busy} onClick={() => setConfirmingMove(true)}>MOVE TO END</IonButton>
      <IonButton disabled={busy} onClick={() => onSave()}>
        {reschedule.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}
      </IonButton>
    </>
  );

  return (
    <SchedModal isOpen={open} title={attendanceTitle('R', classItem.seriesStatusId)} onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      <ClassSummary classItem={classItem} seriesStatusId={classItem.seriesStatusId} />
      <div className="sched-form-grid reschedule-form">
        <DmyDateField label="Class date" value={values.classDate} onChange={set('classDate')} errorText={errors.classDate} />
        <TimeSelect value={values.time} onChange={set('time')} errorText={errors.time} />
        <IonInput
          className={invalidClass(errors.classLength)}
          label="Duration (mins)"
          labelPlacement="stacked"
          fill="outline"
          inputmode="numeric"
          value={values.classLength}
          errorText={errors.classLength}
          onIonInput={(event) => set('classLength')(event.detail.value ?? '')}
        />
      </div>
      {failure && <p className="sched-inline-error" role="alert">{failure}</p>}
      <IonAlert
        isOpen={confirmingMove}
        header="Move to end"
        message={RESCHEDULE_MESSAGES.moveQuestion}
        buttons={[
          { text: 'CANCEL', role: 'cancel' },
          { text: 'CONFIRM', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          setConfirmingMove(false);
          // Only once the alert has gone: this dialog may close next.
          if (event.detail.role === 'confirm') onMoveToEnd();
        }}
      />
    </SchedModal>
  );
}
