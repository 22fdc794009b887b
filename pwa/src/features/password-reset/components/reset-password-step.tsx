import { RESET_SUCCESS, ResetPasswordRequestSchema, USER_MESSAGES } from '@rollbook/shared-types/users';
import type { FormEvent } from 'react';
import { CodeAndPasswordForm, firstIssueMessages, useCodeAndPasswordState, type CodeAndPasswordErrors } from '../../../components/ui/code-and-password-form';
import { useResetPassword } from '../api/reset-password';

/** Step 2: the e-mailed code and the new password, twice. */
export function ResetPasswordStep({ email, notice, onReset }: { email: string; notice: string; onReset: () => void }) {
  const state = useCodeAndPasswordState();
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    state.setFailure(undefined);
    const { values } = state;
    const parsed = ResetPasswordRequestSchema.safeParse({ email, ...values });
    const found: CodeAndPasswordErrors = parsed.success ? {} : firstIssueMessages(parsed.error.issues);
    state.setErrors(found);
    if (!parsed.success) return;
    reset.mutate(parsed.data, {
      onSuccess: (result) => (result === RESET_SUCCESS ? onReset() : state.setErrors({ code: USER_MESSAGES.codeIncorrect })),
      onError: state.showCallError,
    });
  };

  return (
    <CodeAndPasswordForm
      state={state}
      step="Step 2 of 3: the code and your new password"
      notice={notice}
      passwordLabel="New password"
      pending={reset.isPending}
      pendingLabel="Changing your password"
      submitText="RESET PASSWORD"
      onSubmit={submit}
    />
  );
}
