import { ComingSoon } from '../../components/ui/coming-soon';

/** The student's Home content (issue 4 fills it in). */
export default function StudentHome() {
  return <ComingSoon />;
}
