import { lazy, Suspense } from 'react';
import { IonSpinner } from '@ionic/react';
import type { CalendarType } from '../ui/calendar-view';
import { useOnline } from '../../offline/hooks/use-sync-state';
import { CachedWeekList } from './cached-week-list';

// FullCalendar is large: it loads when the Calendar tab is first opened online.
const CalendarView = lazy(() => import('../ui/calendar-view').then((m) => ({ default: m.CalendarView })));

interface HomeCalendarProps {
  type: CalendarType;
  /** The teacher's or student's id; null shows the phone's week list. */
  id: number | null;
  onEventClick: (courseId: number, classId: number) => void;
}

/**
 * The Calendar tab of a phone home: the full calendar (which reads the server) while online, and
 * the phone's own copy as a week list with no signal.
 */
export function HomeCalendar({ type, id, onEventClick }: HomeCalendarProps) {
  const online = useOnline();
  if (!online || id === null) return <CachedWeekList />;
  return (
    <Suspense fallback={<IonSpinner className="mobile-page__spinner" aria-label="Loading" />}>
      <CalendarView type={type} id={id} onEventClick={onEventClick} />
    </Suspense>
  );
}
