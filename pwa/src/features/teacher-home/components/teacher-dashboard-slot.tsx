import type { ReactNode } from 'react';
import { useOnline } from '../../../offline/hooks/use-sync-state';

/**
 * Where the teacher dashboard figures go (earnings this month, classes to mark, classes this week,
 * settlement reports: spec §2.12). The money feature's dashboard reads the server, so with no
 * signal the slot says so instead of showing a failed request.
 */
export function TeacherDashboardSlot({ dashboard }: { dashboard: ReactNode | null }) {
  const online = useOnline();
  if (!dashboard) return null;
  if (!online) return <p className="empty-state">Your earnings and settlement reports show when you are online.</p>;
  return <>{dashboard}</>;
}
