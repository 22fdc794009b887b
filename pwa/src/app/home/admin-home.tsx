import { ComingSoon } from '../../components/ui/coming-soon';

/** The admin's Dashboard content (issue 7 fills it in). */
export default function AdminHome() {
  return <ComingSoon />;
}
