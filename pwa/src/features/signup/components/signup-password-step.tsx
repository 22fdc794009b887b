import { IonButton, IonInput, IonInputPasswordToggle, IonNote, IonSpinner } from '@ionic/react';
import { RegisterRequestSchema } from '@rollbook/shared-types/signup';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';

type Field = 'code' | 'password' | 'confirmPassword';

interface Props {
  email: string;
  notice: string;
  onRegistered: (username: string) => void;
}

/** Step 2: the e-mailed code, a password and its confirmation create the login. */
export function SignupPasswordStep({ email, notice, onRegistered }: Props) {
  const [values, setValues] = useState<Record<Field, string>>({ code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [info, setInfo] = useState(notice);
  const [failure, setFailure] = useState<string>();
  const register = useRegister();
  const resend = useSendCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    setFailure(undefined);
    const parsed = RegisterRequestSchema.safeParse({ email, ...values });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: ({ username }) => onRegistered(username),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CODE_INCORRECT') setErrors({ code: error.message });
        else if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
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
      <p className="wizard-step">Step 2 of 3: choose your password</p>
      <IonNote className="wizard-message">{info}</IonNote>
      {field('code', 'Code', false)}
      {field('password', 'Password', true)}
      {field('confirmPassword', 'Confirm password', true)}
      {failure && (
        <IonNote color="danger" role="alert" className="wizard-message">
          {failure}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={register.isPending}>
        {register.isPending ? <IonSpinner name="dots" aria-label="Signing you up" /> : 'SIGN UP'}
      </IonButton>
      <IonButton
        fill="clear"
        size="small"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email, { onSuccess: (answer) => setInfo(answer.message), onError: (error) => setFailure(error.message) })}
      >
        Send the code again
      </IonButton>
    </form>
  );
}
