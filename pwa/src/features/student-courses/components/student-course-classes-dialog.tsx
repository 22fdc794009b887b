import { IonItem, IonLabel, IonList, IonNote, IonSpinner } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { ONLY_CACHED_CLASSES_NOTE, useCourseClassList } from '../../../offline/hooks/use-classes';
import { MobileModal } from '../../../components/mobile/mobile-modal';
import { attendanceStatusName } from '../../../components/mobile/status-names';

interface StudentCourseClassesDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** '{subject} {level} - {n} Classes': all the course's classes online; offline, those on this phone. */
export function StudentCourseClassesDialog({ course, onClose }: StudentCourseClassesDialogProps) {
  const { classes, source } = useCourseClassList(course?.courseId ?? 0);
  const name = course ? `${course.subject} ${course.courseLevel}` : '';
  return (
    <MobileModal isOpen={course !== null} title={`${name} - ${classes?.length ?? 0} Classes`} label={`${name} - Classes`} onClose={onClose}>
      {source === 'phone' && classes !== undefined && <p className="ion-padding-horizontal"><IonNote>{ONLY_CACHED_CLASSES_NOTE}</IonNote></p>}
      {classes === undefined && <IonSpinner aria-label="Loading" />}
      {classes?.length === 0 && <p className="empty-state">No classes currently</p>}
      {classes && classes.length > 0 && (
        <IonList aria-label="Classes">
          {classes.map((cls) => (
            <IonItem key={cls.classId} lines="full">
              <IonLabel className="ion-text-wrap">
                <h3>
                  {cls.weekday} {showDate(cls.startsAt)}
                </h3>
                <p>{cls.classDatesCombined}</p>
              </IonLabel>
              <IonLabel slot="end">{attendanceStatusName(cls.classStudentStatusId)}</IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </MobileModal>
  );
}
