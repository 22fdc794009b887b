import { MobilePage } from '../../../components/mobile/mobile-page';
import { StudentCourseList } from './student-course-list';

/** /students/coursesmobile */
export function StudentCoursesPage() {
  return (
    <MobilePage title="Courses" role="Student">
      <StudentCourseList />
    </MobilePage>
  );
}
