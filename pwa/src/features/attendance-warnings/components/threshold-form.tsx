import { IonButton } from '@ionic/react';
import { UpdateAttendanceThresholdRequestSchema } from '@rollbook/shared-types/attendance-warnings';
import { typedWholeNumber } from '@rollbook/shared-types/dates';
import { useState, type FormEvent } from 'react';
import { apiFieldErrors, errorMessage, firstError } from '../../../components/form-fields/field-errors';
import { TextField } from '../../../components/ui/text-field';
import { useNotify } from '../../../components/ui/notify';
import { useUpdateAttendanceThreshold } from '../api/update-attendance-threshold';

/** The threshold's message when `text` is not a whole percent from 1 to 100, else null and the number. */
export function readThreshold(text: string): { threshold: number; error: null } | { threshold: null; error: string } {
  // As a person types it (' 75', '075'); text that is no whole number goes to the schema as it is,
  // which refuses it with the same message.
  const parsed = UpdateAttendanceThresholdRequestSchema.safeParse({ threshold: typedWholeNumber(text) });
  if (parsed.success) return { threshold: parsed.data.threshold, error: null };
  return { threshold: null, error: parsed.error.issues[0]?.message ?? 'Please give the threshold as a whole percent' };
}

/**
 * The school's threshold (the admin's): students whose rate is below it are listed. Checked here
 * with the API's own schema, so a wrong value makes no call and reads as the server would say it.
 */
export function ThresholdForm({ threshold }: { threshold: number }) {
  const [draft, setDraft] = useState(String(threshold));
  const [seen, setSeen] = useState(threshold);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateAttendanceThreshold();
  const notify = useNotify();
  // Another tab or colleague changed it: show theirs unless this one is being edited.
  if (seen !== threshold) {
    setSeen(threshold);
    if (draft === String(seen)) setDraft(String(threshold));
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = readThreshold(draft);
    setError(read.error ?? undefined);
    if (read.threshold === null) return;
    update.mutate(
      { threshold: read.threshold },
      {
        onSuccess: (answer) => {
          setDraft(String(answer.threshold));
          notify.success(`Attendance threshold set to ${answer.threshold}%`);
        },
        onError: (failure) => {
          const fields = apiFieldErrors(failure);
          if (fields) setError(firstError(fields, 'threshold'));
          else notify.error(errorMessage(failure));
        },
      },
    );
  };

  return (
    <form className="warnings-threshold" onSubmit={save} aria-label="Attendance threshold" noValidate>
      <TextField
        label="Threshold (%)"
        value={draft}
        error={error}
        onValue={(value) => {
          setDraft(value);
          setError(undefined);
        }}
        inputmode="numeric"
        helperText="Students attending less than this are listed"
      />
      <IonButton type="submit" disabled={update.isPending}>SAVE</IonButton>
    </form>
  );
}
