import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PublicPage } from '../layout/public-page';

/** /signup: the three-step self-registration wizard arrives with its own issue. */
export function SignupPage() {
  return (
    <PublicPage title="Sign up">
      <ComingSoon />
      <p className="public-page__links">
        <Link to="/login">Back to Log In</Link>
      </p>
    </PublicPage>
  );
}
