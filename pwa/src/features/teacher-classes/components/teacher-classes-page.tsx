import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useClassesInRange } from '../../../offline/hooks/use-classes';
import { ClassDialog } from '../../mobile-attendance/components/class-dialog';
import type { DialogState } from '../../mobile-attendance/dialog-state';
import { CachedContent } from '../../mobile-ui/components/cached-content';
import { MobilePage } from '../../mobile-ui/components/mobile-page';
import { PeriodSwitcher } from '../../mobile-ui/components/period-switcher';
import { usePeriod } from '../../mobile-ui/hooks/use-period';
import { TeacherClassCard } from './teacher-class-card';

/** /teachers/classesmobile and /teachers/classesmobile/:id (the id filters one course). */
export function TeacherClassesPage() {
  const { id } = useParams();
  const courseId = id !== undefined && Number.isInteger(Number(id)) ? Number(id) : null;
  const [period, setPeriod] = usePeriod();
  const inPeriod = useClassesInRange(period.fromIso, period.toIso);
  const classes = useMemo(() => (courseId === null ? inPeriod : inPeriod?.filter((cls) => cls.courseId === courseId)), [inPeriod, courseId]);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <MobilePage title="Classes" role="Teacher">
      <PeriodSwitcher period={period} onChange={setPeriod} />
      <CachedContent items={classes} emptyText="No classes in this period">
        {(items) =>
          items.map((cls) => (
            <TeacherClassCard
              key={cls.classId}
              cls={cls}
              onMark={(picked) => setDialog({ mode: 'M', classId: picked.classId, seriesStatusId: picked.seriesStatusId })}
              onEdit={(picked) => setDialog({ mode: 'E', classId: picked.classId })}
            />
          ))
        }
      </CachedContent>
      <ClassDialog target={dialog} onClose={() => setDialog(null)} />
    </MobilePage>
  );
}
