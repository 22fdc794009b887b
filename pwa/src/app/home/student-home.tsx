import { InstallButton } from '../../features/install-prompt/components/install-button';
import { StudentCourseList } from '../../features/student-courses/components/student-course-list';
import { StudentHomeContent } from '../../features/student-home/components/student-home-content';

/** The student's Home content: Courses, Calendar, Documents and Tests (spec §2.13). */
export default function StudentHome() {
  return <StudentHomeContent install={<InstallButton />} courses={<StudentCourseList />} />;
}
