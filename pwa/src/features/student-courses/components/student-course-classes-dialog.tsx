import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { closeOutline } from 'ionicons/icons';
import { useCourseClasses } from '../../../offline/hooks/use-classes';
import { attendanceStatusName } from '../../mobile-ui/status-names';

interface StudentCourseClassesDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** '{subject} {level} - {n} Classes': the course's classes on this phone. */
export function StudentCourseClassesDialog({ course, onClose }: StudentCourseClassesDialogProps) {
  return (
    <IonModal isOpen={course !== null} onDidDismiss={onClose} className="mobile-modal" aria-labelledby="student-course-classes-title">
      {course && <DialogContent course={course} onClose={onClose} />}
    </IonModal>
  );
}

function DialogContent({ course, onClose }: { course: SyncCourse; onClose: () => void }) {
  const classes = useCourseClasses(course.courseId);
  return (
    <>
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 id="student-course-classes-title" className="modal-title">
              {`${course.subject} ${course.courseLevel} - ${classes?.length ?? 0} Classes`}
            </h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton aria-label="Close" onClick={onClose}>
              <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {classes === undefined && <IonSpinner aria-label="Loading" />}
        {classes?.length === 0 && <p className="empty-state">No classes currently</p>}
        {classes && classes.length > 0 && (
          <IonList aria-label="Classes">
            {classes.map((cls) => (
              <IonItem key={cls.classId} lines="full">
                <IonLabel className="ion-text-wrap">
                  <h3>
                    {cls.weekday} {cls.classDateMobile}
                  </h3>
                  <p>{cls.classDatesCombined}</p>
                </IonLabel>
                <IonLabel slot="end">{attendanceStatusName(cls.classStudentStatusId)}</IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </IonContent>
    </>
  );
}
