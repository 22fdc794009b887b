import type { SyncCourse } from '@rollbook/shared-types/sync';
// Another feature's, on purpose: the remaining classes are mobile-attendance's class list of the course.
import { CourseClassList } from '../../mobile-attendance/components/course-class-list';
import { MobileModal } from '../../../components/mobile/mobile-modal';

interface RemainingClassesDialogProps {
  course: SyncCourse | null;
  onClose: () => void;
}

/** The second dialog of a course card: its classes still to come. */
export function RemainingClassesDialog({ course, onClose }: RemainingClassesDialogProps) {
  return (
    <MobileModal isOpen={course !== null} title="Remaining classes" onClose={onClose}>
      {course && (
        <>
          <p className="class-dialog__subtitle">{course.title}</p>
          <CourseClassList courseId={course.courseId} onlyRemaining emptyText="No classes remaining" />
        </>
      )}
    </MobileModal>
  );
}
