import { useClassesInRange } from '../../../offline/hooks/use-classes';
import { CachedContent } from '../../../components/mobile/cached-content';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { PeriodSwitcher } from '../../../components/mobile/period-switcher';
import { usePeriod } from '../../../components/mobile/use-period';
import { StudentClassCard } from './student-class-card';

/** /students/classesmobile: the student's classes, a week at a time like the teacher's list. */
export function StudentClassesPage() {
  const [period, setPeriod] = usePeriod();
  const classes = useClassesInRange(period.fromIso, period.toIso);
  return (
    <MobilePage title="Classes" role="Student">
      <PeriodSwitcher period={period} onChange={setPeriod} />
      <CachedContent items={classes} emptyText="No classes in this period">
        {(items) => items.map((cls) => <StudentClassCard key={cls.classId} cls={cls} />)}
      </CachedContent>
    </MobilePage>
  );
}
