import { useIonRouter } from '@ionic/react';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useSession } from '../../auth/hooks/use-session';
import { InstallButton } from '../../install-prompt/components/install-button';
import { HomeCalendar } from '../../mobile-ui/components/home-calendar';
import { HomeTabs } from '../../mobile-ui/components/home-tabs';
import { MobileHome } from '../../mobile-ui/components/mobile-home';
import { StudentCourseList } from '../../student-courses/components/student-course-list';

/** The student's home: tabs Courses, Calendar, Documents and Tests. */
export function StudentHomeContent() {
  const router = useIonRouter();
  // Spec §6: a student's id is the user's entityId.
  const studentId = useSession()?.entityId ?? null;
  const calendar = <HomeCalendar type="S" id={studentId} onEventClick={() => router.push('/students/classesmobile')} />;
  return (
    <MobileHome role="Student">
      <InstallButton />
      <HomeTabs
        tabs={[
          { value: 'courses', label: 'Courses', content: <StudentCourseList /> },
          { value: 'calendar', label: 'Calendar', content: calendar },
          { value: 'documents', label: 'Documents', content: <ComingSoon /> },
          { value: 'tests', label: 'Tests', content: <ComingSoon /> },
        ]}
      />
    </MobileHome>
  );
}
