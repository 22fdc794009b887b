import { IonButton } from '@ionic/react';
import { RegisterRequestSchema } from '@rollbook/shared-types/signup';
import { useState, type FormEvent } from 'react';
import { CodeAndPasswordForm, firstIssueMessages, useCodeAndPasswordState } from '../../../components/ui/code-and-password-form';
import { ApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';

interface Props {
  email: string;
  notice: string;
  onRegistered: (username: string) => void;
}

/** Step 2: the e-mailed code, a password and its confirmation create the login. */
export function SignupPasswordStep({ email, notice, onRegistered }: Props) {
  const state = useCodeAndPasswordState();
  const [info, setInfo] = useState(notice);
  const register = useRegister();
  const resend = useSendCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    state.setFailure(undefined);
    const parsed = RegisterRequestSchema.safeParse({ email, ...state.values });
    if (!parsed.success) {
      state.setErrors(firstIssueMessages(parsed.error.issues));
      return;
    }
    state.setErrors({});
    register.mutate(parsed.data, {
      onSuccess: ({ username }) => onRegistered(username),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CODE_INCORRECT') state.setErrors({ code: error.message });
        else state.showCallError(error);
      },
    });
  };

  return (
    <CodeAndPasswordForm
      state={state}
      step="Step 2 of 3: choose your password"
      notice={info}
      passwordLabel="Password"
      pending={register.isPending}
      pendingLabel="Signing you up"
      submitText="SIGN UP"
      onSubmit={submit}
    >
      <IonButton
        fill="clear"
        size="small"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email, { onSuccess: (answer) => setInfo(answer.message), onError: (error) => state.setFailure(error.message) })}
      >
        Send the code again
      </IonButton>
    </CodeAndPasswordForm>
  );
}
