import { IonBadge, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import type { ClassView } from '../../../offline/class-views';
import { CardField } from '../../../components/mobile/card-field';
import { ATTENDANCE_STATUS_COLORS, attendanceStatusName } from '../../../components/mobile/status-names';

/** One of the student's classes, with the student's own status on it. */
export function StudentClassCard({ cls }: { cls: ClassView }) {
  const status = cls.classStudentStatusId;
  return (
    <IonCard className="mobile-card" data-class-id={cls.classId}>
      <IonCardHeader>
        <span className="mobile-card__label">CLASS</span>
        <div className="mobile-card__top">
          <div>
            <h3 className="mobile-card__title">{cls.weekday}</h3>
            <p className="mobile-card__subtitle">
              {showDate(cls.startsAt)} · {cls.classDatesCombined}
            </p>
          </div>
          <IonBadge color={status === null ? 'medium' : (ATTENDANCE_STATUS_COLORS[status] ?? 'medium')}>{attendanceStatusName(status)}</IonBadge>
        </div>
      </IonCardHeader>
      <IonCardContent>
        <CardField label="Subject">{cls.subject}</CardField>
        <CardField label="Level">{cls.level}</CardField>
        <CardField label="Address">{cls.address}</CardField>
        <CardField label="Teacher">{cls.teacher}</CardField>
      </IonCardContent>
    </IonCard>
  );
}
