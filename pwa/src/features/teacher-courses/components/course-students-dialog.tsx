import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { closeOutline } from 'ionicons/icons';
import { useCourseStudents } from '../../../offline/hooks/use-people';

interface CourseStudentsDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** The user icon of a course card: its students as a table (Student, Company). */
export function CourseStudentsDialog({ course, onClose }: CourseStudentsDialogProps) {
  return (
    <IonModal isOpen={course !== null} onDidDismiss={onClose} className="mobile-modal" aria-labelledby="course-students-title">
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 id="course-students-title" className="modal-title">
              Students
            </h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton aria-label="Close" onClick={onClose}>
              <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{course && <StudentTable course={course} />}</IonContent>
    </IonModal>
  );
}

function StudentTable({ course }: { course: SyncCourse }) {
  const students = useCourseStudents(course.courseId);
  if (students === undefined) return <IonSpinner aria-label="Loading" />;
  return (
    <>
      <p className="class-dialog__subtitle">{course.title}</p>
      {students.length === 0 ? (
        <p className="empty-state">No students have been added</p>
      ) : (
        <table className="mobile-table">
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Company</th>
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.studentId}>
                <td>{student.student}</td>
                <td>{student.company ?? 'Private'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
