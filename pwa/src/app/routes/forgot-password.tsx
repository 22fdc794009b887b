import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PublicPage } from '../layout/public-page';

/** /forgotpassword: the three-step password reset arrives with its own issue. */
export function ForgotPasswordPage() {
  return (
    <PublicPage title="Forgot password">
      <ComingSoon />
      <p className="public-page__links">
        <Link to="/login">Back to Log In</Link>
      </p>
    </PublicPage>
  );
}
