import { useIonRouter } from '@ionic/react';
import type { ReactNode } from 'react';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useSession } from '../../auth/hooks/use-session';
import { InstallButton } from '../../install-prompt/components/install-button';
import { HomeCalendar } from '../../mobile-ui/components/home-calendar';
import { HomeTabs } from '../../mobile-ui/components/home-tabs';
import { MobileHome } from '../../mobile-ui/components/mobile-home';
import { TeacherCourseList } from '../../teacher-courses/components/teacher-course-list';
import { TeacherDashboardSlot } from './teacher-dashboard-slot';

/** The teacher's home: dashboard figures, then tabs Courses, Calendar (type T), Documents and Tests. */
export function TeacherHomeContent({ dashboard }: { dashboard: ReactNode | null }) {
  const router = useIonRouter();
  // Spec §6: a teacher's id is the first role's entityId.
  const teacherId = useSession()?.roles[0]?.entityId ?? null;
  const calendar = <HomeCalendar type="T" id={teacherId} onEventClick={(_courseId, classId) => router.push(`/teachers/class?id=${classId}`)} />;
  return (
    <MobileHome role="Teacher">
      <InstallButton />
      <TeacherDashboardSlot dashboard={dashboard} />
      <HomeTabs
        tabs={[
          { value: 'courses', label: 'Courses', content: <TeacherCourseList /> },
          { value: 'calendar', label: 'Calendar', content: calendar },
          { value: 'documents', label: 'Documents', content: <ComingSoon /> },
          { value: 'tests', label: 'Tests', content: <ComingSoon /> },
        ]}
      />
    </MobileHome>
  );
}
