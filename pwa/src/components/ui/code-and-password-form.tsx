import { IonButton, IonInput, IonInputPasswordToggle, IonNote, IonSpinner } from '@ionic/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

export type CodeAndPasswordField = 'code' | 'password' | 'confirmPassword';
export type CodeAndPasswordValues = Record<CodeAndPasswordField, string>;
export type CodeAndPasswordErrors = Partial<Record<CodeAndPasswordField, string>>;

/** The first message of each field a schema refused. */
export function firstIssueMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): CodeAndPasswordErrors {
  const found: CodeAndPasswordErrors = {};
  for (const issue of issues) found[issue.path[0] as CodeAndPasswordField] ??= issue.message;
  return found;
}

/** What the step shows: the typed values, the fields' messages and a failure beyond them. */
export function useCodeAndPasswordState() {
  const [values, setValues] = useState<CodeAndPasswordValues>({ code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<CodeAndPasswordErrors>({});
  const [failure, setFailure] = useState<string>();
  /** A refused call: the API's field messages (the first of each) beside the fields, else its message below them. */
  const showCallError = (error: Error) => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
    } else setFailure(error.message);
  };
  return { values, setValues, errors, setErrors, failure, setFailure, showCallError };
}

export type CodeAndPasswordState = ReturnType<typeof useCodeAndPasswordState>;

interface CodeAndPasswordFormProps {
  state: CodeAndPasswordState;
  /** 'Step 2 of 3: …' */
  step: string;
  notice: string;
  passwordLabel: string;
  pending: boolean;
  /** The spinner's name while the call runs, and the button's text otherwise. */
  pendingLabel: string;
  submitText: string;
  onSubmit: (event: FormEvent) => void;
  /** Buttons after the submit button. */
  children?: ReactNode;
}

/** Step 2 of the sign-up and reset wizards: the e-mailed code and a password, twice. */
export function CodeAndPasswordForm({ state, step, notice, passwordLabel, pending, pendingLabel, submitText, onSubmit, children }: CodeAndPasswordFormProps) {
  const { values, setValues, errors, failure } = state;
  const field = (name: CodeAndPasswordField, label: string, password: boolean) => (
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
    <form className="wizard-form" onSubmit={onSubmit} noValidate>
      <p className="wizard-step">{step}</p>
      <IonNote className="wizard-message">{notice}</IonNote>
      {field('code', 'Code', false)}
      {field('password', passwordLabel, true)}
      {field('confirmPassword', 'Confirm password', true)}
      {failure && (
        <IonNote color="danger" role="alert" className="wizard-message">
          {failure}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={pending}>
        {pending ? <IonSpinner name="dots" aria-label={pendingLabel} /> : submitText}
      </IonButton>
      {children}
    </form>
  );
}
