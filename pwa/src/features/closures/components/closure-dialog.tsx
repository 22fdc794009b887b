import { IonButton, IonInput, IonSpinner } from '@ionic/react';
import { CLOSURE_MESSAGES, validateClosureForm, type Closure, type ClosureClassAction, type ClosurePreview } from '@rollbook/shared-types/closures';
import { useState } from 'react';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { apiFieldErrors, errorMessage, firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { useClashConfirm } from '../../../components/scheduling/use-clash-confirm';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { ClashError } from '../../../lib/clash-aware-request';
import { previewClosure } from '../api/preview-closure';
import { useUpsertClosure } from '../api/upsert-closure';
import { chooseAll, choicesToSend, describeChoices, movable, savedMessage, type Choices } from './closure-choices';
import { ClosureClassesTable } from './closure-classes-table';

/**
 * Add or edit a closure: a name and the first and last day shut (one day: leave the last day empty).
 * When the days fall on scheduled classes, a second step lists them and asks, for each, to move it
 * to the end of its course or cancel it; CONFIRM saves the closure and every choice together.
 */
export function ClosureDialog({ closure, onDismissed }: { closure: Closure | null; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState(closure?.name ?? '');
  const [fromDateString, setFrom] = useState(closure?.fromDateString ?? '');
  const [toDateString, setTo] = useState(closure && closure.toDate !== closure.fromDate ? closure.toDateString : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The classes on the dates, once looked up and found; null: the form step.
  const [preview, setPreview] = useState<ClosurePreview | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [refusal, setRefusal] = useState('');
  const [looking, setLooking] = useState(false);
  const save = useUpsertClosure();
  const confirmClashes = useClashConfirm();
  const notify = useNotify();
  const busy = looking || save.isPending;
  const form = { closureId: closure?.closureId ?? 0, name, fromDateString, toDateString };

  const showError = (error: unknown) => {
    const fieldErrors = apiFieldErrors(error);
    if (fieldErrors) setErrors(fieldErrors);
    else notify.error(errorMessage(error));
  };

  /** Looks up the classes on the dates: with none, the closure is saved at once; else they are listed. */
  const lookUp = async () => {
    setLooking(true);
    let found: ClosurePreview;
    try {
      found = await previewClosure(form);
    } catch (error) {
      return showError(error);
    } finally {
      setLooking(false);
    }
    setChoices({});
    setRefusal('');
    // Only Marked or Paid classes are still listed, so the admin sees they stay.
    if (found.classes.length === 0) return submit([]);
    setPreview(found);
  };

  const next = () => {
    if (busy) return;
    const checked = validateClosureForm(form);
    setErrors(checked.fieldErrors ?? {});
    if (!checked.fieldErrors) void lookUp();
  };

  const confirm = () => {
    if (busy || !preview) return;
    const sent = choicesToSend(preview.classes, choices);
    if (!sent) return setRefusal(CLOSURE_MESSAGES.chooseForEachClass);
    submit(sent);
  };

  const submit = (classes: { classId: number; action: ClosureClassAction }[], allowClashes = false) => {
    setRefusal('');
    save.mutate({ ...form, classes, ...(allowClashes ? { allowClashes } : {}) }, {
      onSuccess: (saved) => {
        notify.success(savedMessage(CLOSURE_MESSAGES.saved, saved.changes));
        setOpen(false);
      },
      onError: async (error) => {
        if (error instanceof ClashError) {
          if (await confirmClashes(error.message, error.clashes)) submit(classes, true);
          return;
        }
        // Someone changed the classes on these dates meanwhile: list them again.
        if (error instanceof ApiError && error.code === 'CLOSURE_CLASSES') {
          await lookUp();
          return setRefusal(error.message);
        }
        if (preview && error instanceof ApiError && error.status === 400 && !apiFieldErrors(error)) return setRefusal(error.message);
        showError(error);
      },
    });
  };

  const error = (field: string) => firstError(errors, field);
  const chosen = preview ? (choicesToSend(preview.classes, choices) ?? []).map((c) => c.action) : [];
  const spinner = (label: string) => <IonSpinner name="dots" aria-label={label} />;
  const footer = preview ? (
    <>
      <IonButton fill="outline" disabled={busy} onClick={() => setPreview(null)}>BACK</IonButton>
      <IonButton onClick={confirm} disabled={busy}>{busy ? spinner('Saving') : 'CONFIRM'}</IonButton>
    </>
  ) : (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CANCEL</IonButton>
      <IonButton onClick={next} disabled={busy}>{busy ? spinner('Saving') : 'SAVE'}</IonButton>
    </>
  );
  const title = preview ? 'Classes on the closure' : closure ? 'Edit closure' : 'Add closure';
  return (
    <SchedModal isOpen={open} title={title} onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      {preview ? (
        <>
          <p>
            {name.trim()} ({preview.fromDate === preview.toDate ? preview.fromDateString : `${preview.fromDateString} - ${preview.toDateString}`}) falls on
            {' '}{preview.classes.length === 1 ? 'this class' : `these ${preview.classes.length} classes`}. Choose for each to move it to the end of its course
            (the next open date of its schedule) or to cancel it. Marked and paid classes stay as they are. Students are e-mailed, and
            teachers' phones show the change when they next sync.
          </p>
          {movable(preview.classes).length > 1 && (
            <div className="sched-buttons closure-classes__all">
              <IonButton size="small" fill="outline" disabled={busy} onClick={() => setChoices(chooseAll(preview.classes, 'move'))}>MOVE ALL TO END</IonButton>
              <IonButton size="small" fill="outline" color="danger" disabled={busy} onClick={() => setChoices(chooseAll(preview.classes, 'cancel'))}>CANCEL ALL</IonButton>
            </div>
          )}
          <ClosureClassesTable classes={preview.classes} choices={choices} disabled={busy}
            onChoose={(classId, action) => setChoices((current) => ({ ...current, [classId]: action }))} />
          {chosen.length > 0 && <p role="status">On CONFIRM: closure saved, {describeChoices(chosen)}.</p>}
          {refusal && <p className="sched-inline-error" role="alert">{refusal}</p>}
        </>
      ) : (
        <div className="sched-form-grid">
          <IonInput className={invalidClass(error('name'))} label="Name" labelPlacement="stacked" fill="outline" value={name}
            errorText={error('name')} onIonInput={(event) => setName(event.detail.value ?? '')} />
          <DmyDateField label="First day" value={fromDateString} errorText={error('fromDateString')} onChange={setFrom} />
          <DmyDateField label="Last day (empty: one day)" value={toDateString} errorText={error('toDateString')} onChange={setTo} />
        </div>
      )}
    </SchedModal>
  );
}
