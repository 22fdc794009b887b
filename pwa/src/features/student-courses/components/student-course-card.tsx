import { IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { calendarOutline } from 'ionicons/icons';
import { CardField } from '../../../components/mobile/card-field';
import { IconButton } from '../../../components/mobile/icon-button';

interface StudentCourseCardProps {
  course: SyncCourse;
  onClasses: (course: SyncCourse) => void;
}

/** One of the student's courses; the calendar icon lists its classes. */
export function StudentCourseCard({ course, onClasses }: StudentCourseCardProps) {
  const name = `${course.subject} ${course.courseLevel}`.trim();
  return (
    <IonCard className="mobile-card" data-course-id={course.courseId}>
      <IonCardHeader>
        <div className="mobile-card__top">
          <h3 className="mobile-card__title">{name}</h3>
          <IconButton label={`Classes of ${name}`} onClick={() => onClasses(course)} icon={calendarOutline} />
        </div>
      </IonCardHeader>
      <IonCardContent>
        <CardField label="Subject">{course.subject}</CardField>
        <CardField label="Level">{course.courseLevel}</CardField>
        <CardField label="Company">{course.company ?? 'Private'}</CardField>
        <CardField label="Address">{course.address}</CardField>
        <CardField label="Start date">{course.startDateString}</CardField>
        <CardField label="Classes">{String(course.totalClasses)}</CardField>
        <CardField label="Teacher">{course.teacher}</CardField>
      </IonCardContent>
    </IonCard>
  );
}
