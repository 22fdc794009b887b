import { IonButton, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { TEACHER_MESSAGES, TeacherRateInputSchema } from '@rollbook/shared-types/teachers';
import { useState, type FormEvent } from 'react';
import type { RateRow } from './teacher-form-values';
import { TextField } from '../../../components/ui/text-field';

interface Props {
  /** The rate being edited; null adds one. */
  rate: RateRow | null;
  isOpen: boolean;
  onSave: (rate: { description: string; rate: number }) => void;
  onClose: () => void;
}

/** '£1,234.50' or '17.35' → pounds; NaN when it is not a number. */
const poundsOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/^£/, '').replace(/,/g, '')));

/** Add or edit a rate: its name and the rate per hour in pounds. */
export function RateDialog({ rate, isOpen, onSave, onClose }: Props) {
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ description?: string; rate?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the teacher's form in React's tree: its submit must not save the teacher.
    event.stopPropagation();
    const pounds = poundsOf(amount);
    const parsed = TeacherRateInputSchema.safeParse({ description, rate: pounds });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'description' ? 'description' : 'rate';
        found[field] ??= Number.isNaN(pounds) && field === 'rate' ? TEACHER_MESSAGES.rate : issue.message;
      }
    }
    setErrors(found);
    if (parsed.success) onSave({ description: parsed.data.description, rate: parsed.data.rate });
  };

  return (
    <IonModal
      className="people-dialog"
      isOpen={isOpen}
      onWillPresent={() => {
        setDescription(rate?.description ?? '');
        setAmount(rate ? rate.rate.toFixed(2) : '');
        setErrors({});
      }}
      onDidDismiss={onClose}
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>{rate ? 'Edit rate' : 'Add rate'}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <form className="people-dialog__body" onSubmit={submit} noValidate>
        <TextField label="Rate name" value={description} error={errors.description} onValue={setDescription} />
        <TextField label="Rate per hour (£)" inputmode="decimal" value={amount} error={errors.rate} onValue={setAmount} />
        <div className="people-dialog__actions">
          <IonButton fill="outline" color="medium" onClick={onClose}>
            Cancel
          </IonButton>
          <IonButton type="submit">SAVE</IonButton>
        </div>
      </form>
    </IonModal>
  );
}
