import { IonItem, IonLabel } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import { pencilOutline } from 'ionicons/icons';
import type { ClassView } from '../../../offline/class-views';
import { PendingMark } from '../../../components/mobile/pending-mark';
import { StatusBadge } from '../../../components/mobile/status-badge';
import { canOpenAttendance, canReschedule } from '../marking-rules';
import { IconButton } from '../../../components/mobile/icon-button';

interface ClassRowProps {
  cls: ClassView;
  /** Without handlers the row only shows the class (e.g. the remaining classes list). */
  onMark?: (cls: ClassView) => void;
  onEdit?: (cls: ClassView) => void;
}

/** A class in a course's class list: date, times, status badge (attendance) and pencil (reschedule). */
export function ClassRow({ cls, onMark, onEdit }: ClassRowProps) {
  const label = `${cls.weekday} ${showDate(cls.startsAt)}`;
  return (
    <IonItem lines="full">
      <IonLabel className="ion-text-wrap">
        <h3>{label}</h3>
        <p>{cls.classDatesCombined}</p>
        {cls.pending && <PendingMark />}
      </IonLabel>
      <StatusBadge
        statusId={cls.seriesStatusId}
        onOpen={onMark && canOpenAttendance(cls.seriesStatusId) ? () => onMark(cls) : undefined}
        actionLabel={`Attendance of ${label}`}
      />
      {onEdit && canReschedule(cls.seriesStatusId) && (
        <IconButton label={`Reschedule ${label}`} slot="end" onClick={() => onEdit(cls)} icon={pencilOutline} />
      )}
    </IonItem>
  );
}
