import { InstallButton } from '../../features/install-prompt/components/install-button';
import { TeacherCourseList } from '../../features/teacher-courses/components/teacher-course-list';
import { TeacherHomeContent } from '../../features/teacher-home/components/teacher-home-content';
import { TeacherDashboardLive } from '../feature-routes/money';

/** The teacher's Home content: the money area's dashboard figures, then Courses, Calendar, Documents and Tests (spec §2.12). */
export default function TeacherHome() {
  return <TeacherHomeContent dashboard={<TeacherDashboardLive />} install={<InstallButton />} courses={<TeacherCourseList />} />;
}
