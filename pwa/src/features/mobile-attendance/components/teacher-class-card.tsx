import { IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import { openOutline, pencilOutline } from 'ionicons/icons';
import type { ClassView } from '../../../offline/class-views';
import { CardField } from '../../../components/mobile/card-field';
import { PendingMark } from '../../../components/mobile/pending-mark';
import { StatusBadge } from '../../../components/mobile/status-badge';
import { canOpenAttendance, canReschedule } from '../marking-rules';
import { IconButton } from '../../../components/mobile/icon-button';

interface TeacherClassCardProps {
  cls: ClassView;
  /** Without it the badge only shows the status (e.g. on the class's own page, beside its register). */
  onMark?: (cls: ClassView) => void;
  onEdit: (cls: ClassView) => void;
  /** Offer the class's own page (/teachers/class?id=). */
  linkToClass?: boolean;
}

/** A class on the teacher's phone list: when, what, where, its status (attendance) and a pencil (reschedule). */
export function TeacherClassCard({ cls, onMark, onEdit, linkToClass = true }: TeacherClassCardProps) {
  const when = `${cls.weekday} ${showDate(cls.startsAt)}`;
  return (
    <IonCard className="mobile-card" data-class-id={cls.classId}>
      <IonCardHeader>
        <div className="mobile-card__top">
          <div>
            <h3 className="mobile-card__title">{cls.weekday}</h3>
            <p className="mobile-card__subtitle">
              {showDate(cls.startsAt)} · {cls.classDatesCombined}
            </p>
          </div>
          <div className="mobile-card__actions">
            {canReschedule(cls.seriesStatusId) && (
              <IconButton label={`Reschedule class of ${when}`} onClick={() => onEdit(cls)} icon={pencilOutline} />
            )}
            {linkToClass && (
              <IconButton label={`Open class of ${when}`} routerLink={`/teachers/class?id=${cls.classId}`} icon={openOutline} />
            )}
          </div>
        </div>
      </IonCardHeader>
      <IonCardContent>
        <CardField label="Course">{cls.course}</CardField>
        <CardField label="Description">{cls.courseDescription}</CardField>
        <CardField label="Subject">{`${cls.subject} ${cls.level}`.trim()}</CardField>
        <CardField label="Company">{cls.company}</CardField>
        <CardField label="Address">{cls.address}</CardField>
        <div className="mobile-card__top">
          <StatusBadge
            statusId={cls.seriesStatusId}
            onOpen={onMark && canOpenAttendance(cls.seriesStatusId) ? () => onMark(cls) : undefined}
            actionLabel={`Attendance of ${when}`}
          />
          {cls.movingToEnd ? <PendingMark label="Moving to the end of the course" /> : cls.pending && <PendingMark />}
        </div>
      </IonCardContent>
    </IonCard>
  );
}
