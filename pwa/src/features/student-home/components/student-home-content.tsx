import { useIonRouter } from '@ionic/react';
import type { ReactNode } from 'react';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useSession } from '../../../lib/use-session';
import { HomeCalendar } from '../../../components/mobile/home-calendar';
import { HomeTabs } from '../../../components/mobile/home-tabs';
import { MobileHome } from '../../../components/mobile/mobile-home';

/** The student's home: tabs Courses, Calendar, Documents and Tests. The install button and the course list are composed by the app from their features. */
export function StudentHomeContent({ install, courses }: { install: ReactNode; courses: ReactNode }) {
  const router = useIonRouter();
  // Spec §6: a student's id is the user's entityId.
  const studentId = useSession()?.entityId ?? null;
  const calendar = <HomeCalendar type="S" id={studentId} onEventClick={() => router.push('/students/classesmobile')} />;
  return (
    <MobileHome role="Student">
      {install}
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
