import { useIonRouter } from '@ionic/react';
import type { ReactNode } from 'react';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useSession } from '../../../lib/use-session';
import { HomeCalendar } from '../../../components/mobile/home-calendar';
import { HomeTabs } from '../../../components/mobile/home-tabs';
import { MobileHome } from '../../../components/mobile/mobile-home';
import { TeacherDashboardSlot } from './teacher-dashboard-slot';

interface TeacherHomeContentProps {
  dashboard: ReactNode | null;
  /** The install button and the course cards, composed by the app from their features. */
  install: ReactNode;
  courses: ReactNode;
}

/** The teacher's home: dashboard figures, then tabs Courses, Calendar (type T), Documents and Tests. */
export function TeacherHomeContent({ dashboard, install, courses }: TeacherHomeContentProps) {
  const router = useIonRouter();
  // Spec §6: a teacher's id is the first role's entityId.
  const teacherId = useSession()?.roles[0]?.entityId ?? null;
  const calendar = <HomeCalendar type="T" id={teacherId} onEventClick={(_courseId, classId) => router.push(`/teachers/class?id=${classId}`)} />;
  return (
    <MobileHome role="Teacher">
      {install}
      <TeacherDashboardSlot dashboard={dashboard} />
      <HomeTabs
        tabs={[
          { value: 'courses', label: 'Courses', content: courses },
          { value: 'calendar', label: 'Calendar', content: calendar },
          { value: 'documents', label: 'Documents', content: <ComingSoon /> },
          { value: 'tests', label: 'Tests', content: <ComingSoon /> },
        ]}
      />
    </MobileHome>
  );
}
