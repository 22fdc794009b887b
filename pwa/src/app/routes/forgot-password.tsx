import { PasswordResetWizard } from '../../features/password-reset/components/password-reset-wizard';
import { PublicPage } from '../layout/public-page';

/** /forgotpassword: the three-step password reset through an e-mailed code. */
export function ForgotPasswordPage() {
  return (
    <PublicPage title="Forgot password">
      <PasswordResetWizard />
    </PublicPage>
  );
}
