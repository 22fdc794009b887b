import { IonSpinner } from '@ionic/react';
import type { SyncCourse } from '@rollbook/shared-types/sync';
import { useCourseStudents } from '../../../offline/hooks/use-people';
import { MobileModal } from '../../../components/mobile/mobile-modal';

interface CourseStudentsDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** The user icon of a course card: its students as a table (Student, Company). */
export function CourseStudentsDialog({ course, onClose }: CourseStudentsDialogProps) {
  return (
    <MobileModal isOpen={course !== null} title="Students" onClose={onClose}>
      {course && <StudentTable course={course} />}
    </MobileModal>
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
