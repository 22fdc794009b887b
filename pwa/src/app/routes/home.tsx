import { ComingSoon } from '../../components/ui/coming-soon';
import { useSession } from '../../features/auth/hooks/use-session';
import { primaryRole } from '../../lib/roles';
import { SignedInPage } from '../layout/signed-in-page';

/** "/": the admin's Dashboard, the teacher's and student's Home, or a default home for any other role. */
export function HomePage() {
  const user = useSession();
  const role = primaryRole(user);
  if (role === 'CompanyAdmin') {
    return (
      <SignedInPage title="Dashboard">
        <ComingSoon />
      </SignedInPage>
    );
  }
  return (
    <SignedInPage title="Home">
      {role === null && user ? <p>Welcome, {user.firstName}.</p> : <ComingSoon />}
    </SignedInPage>
  );
}
