import LiveNotices from '../../features/notices/components/live-notices';
import { AdminDashboard } from '../../features/dashboard/components/admin-dashboard';

/** The admin's Dashboard content, kept live: a settlement raised or deleted elsewhere refreshes its figures. */
export default function AdminHome() {
  return (
    <>
      <AdminDashboard />
      <LiveNotices />
    </>
  );
}
