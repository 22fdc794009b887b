import { TeacherHomeContent } from '../../features/teacher-home/components/teacher-home-content';

/** The teacher's Home content: dashboard figures, then Courses, Calendar, Documents and Tests (spec §2.12). */
export default function TeacherHome() {
  return <TeacherHomeContent />;
}
