import { IonButton, IonInput, IonNote, IonSpinner } from '@ionic/react';
import { SignupEmailQuerySchema } from '@rollbook/shared-types/signup';
import { useState, type FormEvent } from 'react';
import { useLookUpStudent } from '../api/look-up-student';
import { useSendCode } from '../api/send-code';

/** Step 1: the student finds themselves by e-mail; a code is then e-mailed to that address. */
export function SignupEmailStep({ onCodeSent }: { onCodeSent: (email: string, message: string) => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const lookUp = useLookUpStudent();
  const sendCode = useSendCode();
  const busy = lookUp.isPending || sendCode.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(undefined);
    const parsed = SignupEmailQuerySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      const found = await lookUp.mutateAsync(parsed.data.email);
      if (found.message) {
        setRefusal(found.message);
        return;
      }
      const sent = await sendCode.mutateAsync(parsed.data.email);
      onCodeSent(parsed.data.email, sent.message);
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };

  return (
    <form className="wizard-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="wizard-step">Step 1 of 3: find your details</p>
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
      {refusal && (
        <IonNote color="danger" role="alert" className="wizard-message">
          {refusal}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy ? <IonSpinner name="dots" aria-label="Looking you up" /> : 'NEXT'}
      </IonButton>
    </form>
  );
}
