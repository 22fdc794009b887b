import { IonBadge, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { calendarOutline, peopleOutline } from 'ionicons/icons';
import { CardField } from '../../../components/mobile/card-field';
import { timeRemainingText } from '../time-remaining';
import { UnmarkedIndicator } from './unmarked-indicator';
import { IconButton } from '../../../components/mobile/icon-button';

interface TeacherCourseCardProps {
  course: SyncCourse;
  onClasses: (course: SyncCourse) => void;
  onStudents: (course: SyncCourse) => void;
  onRemaining: (course: SyncCourse) => void;
}

/** A course on the teacher's phone: what, where, how much is left, and its classes and students. */
export function TeacherCourseCard({ course, onClasses, onStudents, onRemaining }: TeacherCourseCardProps) {
  const completed = course.minsRemaining <= 0;
  return (
    <IonCard className="mobile-card" data-course-id={course.courseId}>
      <IonCardHeader>
        <div className="mobile-card__top">
          <h3 className="mobile-card__title">{course.title}</h3>
          <div className="mobile-card__actions">
            {course.hasUnMarkedClasses && <UnmarkedIndicator />}
            <IconButton label={`Classes of ${course.title}`} onClick={() => onClasses(course)} icon={calendarOutline} />
            <IconButton label={`Students of ${course.title}`} onClick={() => onStudents(course)} icon={peopleOutline} />
          </div>
        </div>
      </IonCardHeader>
      <IonCardContent>
        <CardField label="Description">{course.description}</CardField>
        <CardField label="Subject">{course.subject}</CardField>
        <CardField label="Level">{course.courseLevel}</CardField>
        <CardField label="Company">{course.company ?? 'Private'}</CardField>
        <CardField label="Address">{course.address}</CardField>
        <CardField label="Start date">{course.startDateString}</CardField>
        <CardField label="Classes">{`${course.duration} x ${course.classLengthTemplate} mins`}</CardField>
        <CardField label="Remaining">
          <button type="button" className="link-button" aria-label={`Remaining classes of ${course.title}`} onClick={() => onRemaining(course)}>
            {course.classesRemaining} classes
          </button>
        </CardField>
        <IonBadge color={completed ? 'success' : 'primary'} className="time-remaining">
          {timeRemainingText(course.minsRemaining)}
        </IonBadge>
      </IonCardContent>
    </IonCard>
  );
}
