import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SignupEmailStep } from './signup-email-step';
import { SignupPasswordStep } from './signup-password-step';
import '../../../components/ui/wizard.css';

type Stage = { step: 1 } | { step: 2; email: string; notice: string } | { step: 3; username: string };

/**
 * Self sign-up of an existing student, forward only: 1 find yourself by e-mail (a code is e-mailed),
 * 2 the code and a password, 3 done. The code proves the address is the student's own, so knowing
 * someone's e-mail is not enough to claim their account.
 */
export function SignupWizard() {
  const [stage, setStage] = useState<Stage>({ step: 1 });
  if (stage.step !== 3) {
    return (
      <>
        {stage.step === 1 ? (
          <SignupEmailStep onCodeSent={(email, notice) => setStage({ step: 2, email, notice })} />
        ) : (
          <SignupPasswordStep email={stage.email} notice={stage.notice} onRegistered={(username) => setStage({ step: 3, username })} />
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
      <p role="status">
        You are registered. Sign in with the username <strong>{stage.username}</strong> and your new password.
      </p>
      <Link to="/login">Log In</Link>
    </div>
  );
}
