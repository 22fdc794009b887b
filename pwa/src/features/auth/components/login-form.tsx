import { AuthenticateRequestSchema } from '@rollbook/shared-types/auth';
import { IonButton, IonInput, IonInputPasswordToggle, IonNote, IonSpinner } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { useAuthenticate } from '../api/authenticate';
import { signInErrorMessage } from '../sign-in-errors';

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const invalidClass = (invalid: boolean) => (invalid ? 'ion-invalid ion-touched' : undefined);

/** Username and password form; a successful sign-in stores the user, and the page moves on. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; credentialsRejected: boolean } | null>(null);
  const authenticate = useAuthenticate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (authenticate.isPending) return;
    setFormError(null);
    const parsed = AuthenticateRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    authenticate.mutate(parsed.data, { onError: (error) => setFormError(signInErrorMessage(error)) });
  };

  const rejected = formError?.credentialsRejected ?? false;
  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <IonInput
        className={invalidClass(rejected || Boolean(fieldErrors.username))}
        label="Username"
        labelPlacement="stacked"
        fill="outline"
        name="username"
        autocomplete="username"
        autocapitalize="off"
        spellcheck={false}
        required
        value={username}
        errorText={fieldErrors.username}
        onIonInput={(event) => setUsername(event.detail.value ?? '')}
      />
      <IonInput
        className={invalidClass(rejected || Boolean(fieldErrors.password))}
        label="Password"
        labelPlacement="stacked"
        fill="outline"
        type="password"
        name="password"
        autocomplete="current-password"
        required
        value={password}
        errorText={fieldErrors.password}
        onIonInput={(event) => setPassword(event.detail.value ?? '')}
      >
        <IonInputPasswordToggle slot="end" />
      </IonInput>
      {formError && (
        <IonNote color="danger" role="alert" className="login-form__error">
          {formError.message}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={authenticate.isPending}>
        {authenticate.isPending ? <IonSpinner name="dots" aria-label="Signing in" /> : 'Log In'}
      </IonButton>
    </form>
  );
}
