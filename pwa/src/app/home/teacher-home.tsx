import { ComingSoon } from '../../components/ui/coming-soon';

/** The teacher's Home content (issue 4 fills it in). */
export default function TeacherHome() {
  return <ComingSoon />;
}
