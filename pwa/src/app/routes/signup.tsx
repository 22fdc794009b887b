import { SignupWizard } from '../../features/signup/components/signup-wizard';
import { PublicPage } from '../layout/public-page';

/** /signup: the three-step self-registration of a student the school already has. */
export function SignupPage() {
  return (
    <PublicPage title="Sign up">
      <SignupWizard />
    </PublicPage>
  );
}
