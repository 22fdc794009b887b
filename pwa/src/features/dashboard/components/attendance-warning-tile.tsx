import { ATTENDANCE_WARNINGS_PATH, attendanceWarningsTitle } from '@rollbook/shared-types/attendance-warnings';
import { Link } from 'react-router-dom';
import { useAttendanceWarningCount } from '../api/get-attendance-warning-count';

/**
 * 'Students below 80% attendance' (the number follows the school's threshold): how many enrolled
 * students of Active courses are below it, linking to the list of them. Its own request, so the
 * other tiles show whatever becomes of this one.
 */
export function AttendanceWarningTile() {
  const count = useAttendanceWarningCount();
  if (count.isError) return <p role="alert">{count.error.message}</p>;
  if (!count.data) return null;
  return (
    <Link className="count-tile count-tile--warning" to={ATTENDANCE_WARNINGS_PATH} data-tile="attendanceWarnings">
      <span className="count-tile__count">{count.data.total}</span>
      <span>{attendanceWarningsTitle(count.data.threshold)}</span>
    </Link>
  );
}
