import { MobilePage } from '../../../components/mobile/mobile-page';
import { TeacherCourseList } from './teacher-course-list';

/** /teachers/CoursesMobile */
export function TeacherCoursesPage() {
  return (
    <MobilePage title="Courses" role="Teacher">
      <TeacherCourseList />
    </MobilePage>
  );
}
