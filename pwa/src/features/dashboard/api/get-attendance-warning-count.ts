import { AttendanceWarningCountSchema } from '@rollbook/shared-types/attendance-warnings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The attendance warnings tile: the school's threshold and how many rows its list has. */
export const getAttendanceWarningCount = () => apiRequest('/api/reports/GetAttendanceWarningCount', AttendanceWarningCountSchema);

export const useAttendanceWarningCount = () => useQuery({ queryKey: dashboardKeys.attendanceWarningCount, queryFn: getAttendanceWarningCount });
