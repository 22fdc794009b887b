import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ResetEmailStep } from './reset-email-step';
import { ResetPasswordStep } from './reset-password-step';
import '../../../components/ui/wizard.css';

type Stage = { step: 1 } | { step: 2; email: string; notice: string } | { step: 3 };

/** Password reset, forward only: 1 request a code by e-mail, 2 the code and a new password, 3 done. */
export function PasswordResetWizard() {
  const [stage, setStage] = useState<Stage>({ step: 1 });
  if (stage.step !== 3) {
    return (
      <>
        {stage.step === 1 ? (
          <ResetEmailStep onRequested={(email, notice) => setStage({ step: 2, email, notice })} />
        ) : (
          <ResetPasswordStep email={stage.email} notice={stage.notice} onReset={() => setStage({ step: 3 })} />
        )}
        <p className="public-page__links">
          <Link to="/login">Back to Log In</Link>
        </p>
      </>
    );
  }
  return (
    <div className="wizard-form">
      <p className="wizard-step">Step 3 of 3: done</p>
      <p role="status">Your password has been changed. You can now log in with it.</p>
      <Link to="/login">Login</Link>
    </div>
  );
}
