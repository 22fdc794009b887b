import { IonButton, IonInput, IonInputPasswordToggle } from '@ionic/react';
import { UpdatePasswordRequestSchema } from '@rollbook/shared-types/profile';
import { useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePassword } from '../api/update-password';
import type { ProfileTexts } from './profile-texts';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

interface Props {
  userName: string;
  texts: ProfileTexts;
  onDirtyChange: (dirty: boolean) => void;
}

/** Update Password: current, new and confirmation (which must match), UPDATE. */
export function PasswordForm({ userName, texts, onDirtyChange }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdatePassword();
  const notify = useNotify();

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    onDirtyChange(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdatePasswordRequestSchema.safeParse({ userName, ...values });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    // The web page names every missing field; the mobile page only refuses to send an empty one,
    // though it still says when the new password is too short or the confirmation differs.
    const missing = Object.values(values).some((value) => value === '');
    if (!parsed.success) {
      setErrors(texts.showFieldMessages || !missing ? found : {});
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (!answer.isValid) {
          notify.error(texts.passwordRefused.message, texts.passwordRefused.header);
          return;
        }
        setValues(EMPTY);
        onDirtyChange(false);
        notify.success(texts.passwordUpdated);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
        notify.error(error.message);
      },
    });
  };

  const field = (name: Field, label: string, autocomplete: 'current-password' | 'new-password') => (
    <IonInput
      className={errors[name] ? 'ion-invalid ion-touched' : undefined}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type="password"
      autocomplete={autocomplete}
      value={values[name]}
      errorText={errors[name]}
      onIonInput={(event) => change(name, event.detail.value ?? '')}
    >
      <IonInputPasswordToggle slot="end" />
    </IonInput>
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="Update Password">
      {field('oldPassword', texts.labels.oldPassword, 'current-password')}
      {field('newPassword', texts.labels.newPassword, 'new-password')}
      {field('confirmPassword', texts.labels.confirmPassword, 'new-password')}
      <IonButton type="submit" disabled={update.isPending}>
        UPDATE
      </IonButton>
    </form>
  );
}
