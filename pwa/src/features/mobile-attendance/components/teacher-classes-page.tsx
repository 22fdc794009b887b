import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useClassesInRange } from '../../../offline/hooks/use-classes';
import type { DialogState } from '../dialog-state';
import { CachedContent } from '../../../components/mobile/cached-content';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { PeriodSwitcher } from '../../../components/mobile/period-switcher';
import { usePeriod } from '../../../components/mobile/use-period';
import { Staged } from '../../../lib/staged';
import { useStagedCount } from '../../../lib/use-staged-count';
import type { ClassView } from '../../../offline/class-views';
import { TeacherClassCard } from './teacher-class-card';

// The marking and reschedule forms (date picker, selects) load when the teacher first opens one,
// not before the week shows (the first visit's JavaScript budget); the service worker has them cached for offline use.
const ClassDialog = lazy(() => import('./class-dialog').then((m) => ({ default: m.ClassDialog })));

// Cards committed per task when the list first shows (use-staged-count.ts): each card is some ten
// Ionic elements, ~4 ms on a fast phone, so two keep a task well under the 50 ms of a long task on a slow one.
const CARDS_PER_TASK = 2;

interface ClassCardsProps {
  items: ClassView[];
  onMark: (cls: ClassView) => void;
  onEdit: (cls: ClassView) => void;
}

/** The period's cards, added a few per task when the list first shows; busy until the last is there. */
function ClassCards({ items, onMark, onEdit }: ClassCardsProps) {
  const shown = useStagedCount(items.length, CARDS_PER_TASK, CARDS_PER_TASK);
  return (
    <div className="class-cards" aria-busy={shown < items.length}>
      {items.slice(0, shown).map((cls) => (
        <TeacherClassCard key={cls.classId} cls={cls} onMark={onMark} onEdit={onEdit} />
      ))}
    </div>
  );
}

/** /teachers/classesmobile and /teachers/classesmobile/:id (the id filters one course). */
export function TeacherClassesPage() {
  const { id } = useParams();
  const courseId = id !== undefined && Number.isInteger(Number(id)) ? Number(id) : null;
  const [period, setPeriod] = usePeriod();
  const inPeriod = useClassesInRange(period.fromIso, period.toIso);
  const classes = useMemo(() => (courseId === null ? inPeriod : inPeriod?.filter((cls) => cls.courseId === courseId)), [inPeriod, courseId]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // Once opened, the dialog stays mounted so that closing it still animates.
  const [dialogUsed, setDialogUsed] = useState(false);
  const openDialog = (state: DialogState) => {
    setDialogUsed(true);
    setDialog(state);
  };

  return (
    <MobilePage title="Classes" role="Teacher">
      <PeriodSwitcher period={period} onChange={setPeriod} />
      {/* The period switcher first, the list in a later task, its cards a few per task. */}
      <Staged>
        <CachedContent items={classes} emptyText="No classes in this period">
          {(items) => (
            <ClassCards
              items={items}
              onMark={(picked) => openDialog({ mode: 'M', classId: picked.classId, seriesStatusId: picked.seriesStatusId })}
              onEdit={(picked) => openDialog({ mode: 'E', classId: picked.classId })}
            />
          )}
        </CachedContent>
      </Staged>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ClassDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </MobilePage>
  );
}
