import { Link } from 'react-router-dom';
import { SignedInPage } from '../layout/signed-in-page';

/** Any unknown address (only reachable signed in: unknown routes are not public). */
export function NotFoundPage() {
  return (
    <SignedInPage title="Page not found">
      <p>
        There is no page at this address. <Link to="/">Go to the home page</Link>
      </p>
    </SignedInPage>
  );
}
