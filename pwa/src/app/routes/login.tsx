import { Link } from 'react-router-dom';
import { LoginForm } from '../../features/auth/components/login-form';
import { PublicPage } from '../layout/public-page';

/** /login. Once the form has stored the user, the router moves on to the returnUrl. */
export function LoginPage() {
  return (
    <PublicPage title="Log In">
      <LoginForm />
      <p className="public-page__links">
        <Link to="/forgotpassword">Forgot password?</Link>
        <Link to="/signup">Sign up</Link>
      </p>
    </PublicPage>
  );
}
