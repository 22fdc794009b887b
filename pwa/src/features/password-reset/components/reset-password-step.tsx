import { IonButton, IonInput, IonInputPasswordToggle, IonNote, IonSpinner } from '@ionic/react';
import { RESET_SUCCESS, ResetPasswordRequestSchema, USER_MESSAGES } from '@rollbook/shared-types/users';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

type Field = 'code' | 'password' | 'confirmPassword';

/** Step 2: the e-mailed code and the new password, twice. */
export function ResetPasswordStep({ email, notice, onReset }: { email: string; notice: string; onReset: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    setFailure(undefined);
    const found: Partial<Record<Field, string>> = {};
    const parsed = ResetPasswordRequestSchema.safeParse({ email, ...values });
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    // The spec's match check; the schema only compares when both passwords pass their own checks.
    if (values.password !== values.confirmPassword) found.confirmPassword ??= USER_MESSAGES.passwordsDoNotMatch;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    reset.mutate(parsed.data, {
      onSuccess: (result) => (result === RESET_SUCCESS ? onReset() : setErrors({ code: USER_MESSAGES.codeIncorrect })),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
        } else setFailure(error.message);
      },
    });
  };

  const field = (name: Field, label: string, password: boolean) => (
    <IonInput
      className={errors[name] ? 'ion-invalid ion-touched' : undefined}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={password ? 'password' : 'text'}
      inputmode={password ? undefined : 'numeric'}
      autocomplete={password ? 'new-password' : 'one-time-code'}
      value={values[name]}
      errorText={errors[name]}
      onIonInput={(event) => setValues((current) => ({ ...current, [name]: event.detail.value ?? '' }))}
    >
      {password && <IonInputPasswordToggle slot="end" />}
    </IonInput>
  );

  return (
    <form className="wizard-form" onSubmit={submit} noValidate>
      <p className="wizard-step">Step 2 of 3: the code and your new password</p>
      <IonNote className="wizard-message">{notice}</IonNote>
      {field('code', 'Code', false)}
      {field('password', 'New password', true)}
      {field('confirmPassword', 'Confirm password', true)}
      {failure && (
        <IonNote color="danger" role="alert" className="wizard-message">
          {failure}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={reset.isPending}>
        {reset.isPending ? <IonSpinner name="dots" aria-label="Changing your password" /> : 'RESET PASSWORD'}
      </IonButton>
    </form>
  );
}
