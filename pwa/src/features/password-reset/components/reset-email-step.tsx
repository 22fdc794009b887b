import { IonButton, IonInput, IonNote, IonSpinner } from '@ionic/react';
import { PasswordResetRequestSchema } from '@rollbook/shared-types/users';
import { useState, type FormEvent } from 'react';
import { useRequestReset } from '../api/request-reset';

/** Step 1: the address to send the reset code to. */
export function ResetEmailStep({ onRequested }: { onRequested: (email: string, message: string) => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const request = useRequestReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setFailure(undefined);
    const parsed = PasswordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.email, {
      onSuccess: (answer) => onRequested(parsed.data.email, answer.message),
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <form className="wizard-form" onSubmit={submit} noValidate>
      <p className="wizard-step">Step 1 of 3: your e-mail address</p>
      <IonInput
        className={fieldError ? 'ion-invalid ion-touched' : undefined}
        label="Email"
        labelPlacement="stacked"
        fill="outline"
        type="email"
        autocomplete="email"
        value={email}
        errorText={fieldError}
        onIonInput={(event) => setEmail(event.detail.value ?? '')}
      />
      {failure && (
        <IonNote color="danger" role="alert" className="wizard-message">
          {failure}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={request.isPending}>
        {request.isPending ? <IonSpinner name="dots" aria-label="Sending the code" /> : 'SEND CODE'}
      </IonButton>
    </form>
  );
}
