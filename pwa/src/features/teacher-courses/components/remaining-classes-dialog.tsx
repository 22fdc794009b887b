import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { closeOutline } from 'ionicons/icons';
import { CourseClassList } from '../../mobile-attendance/components/course-class-list';

interface RemainingClassesDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** The second dialog of a course card: its classes still to come. */
export function RemainingClassesDialog({ course, onClose }: RemainingClassesDialogProps) {
  return (
    <IonModal isOpen={course !== null} onDidDismiss={onClose} className="mobile-modal" aria-labelledby="remaining-classes-title">
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 id="remaining-classes-title" className="modal-title">
              Remaining classes
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
        {course && (
          <>
            <p className="class-dialog__subtitle">{course.title}</p>
            <CourseClassList courseId={course.courseId} onlyRemaining emptyText="No classes remaining" />
          </>
        )}
      </IonContent>
    </IonModal>
  );
}
