import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/ui/page-loading';
import { useSession } from '../../lib/use-session';
import { primaryRole } from '../../lib/roles';
import { SignedInPage } from '../layout/signed-in-page';

// Each role's home is its own chunk (and its own file, owned by that role's feature area).
const AdminHome = lazy(() => import('../home/admin-home'));
const TeacherHome = lazy(() => import('../home/teacher-home'));
const StudentHome = lazy(() => import('../home/student-home'));

/** "/": the admin's Dashboard, the teacher's and student's Home, or a default home for any other role. */
export function HomePage() {
  const user = useSession();
  const role = primaryRole(user);
  const content =
    role === 'CompanyAdmin' ? <AdminHome /> : role === 'Teacher' ? <TeacherHome /> : role === 'Student' ? <StudentHome /> : user ? <p>Welcome, {user.firstName}.</p> : null;
  return (
    <SignedInPage title={role === 'CompanyAdmin' ? 'Dashboard' : 'Home'}>
      <Suspense fallback={<PageLoading />}>{content}</Suspense>
    </SignedInPage>
  );
}
