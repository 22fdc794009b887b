import { TeacherDashboardSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Under the 'dashboard' root: live notices (a report raised or deleted for this teacher) refresh it.
export const teacherDashboardKey = ['dashboard', 'teacher'] as const;

/** The signed-in teacher's earnings this month, classes to mark, classes this week and latest settlement reports. */
export const getTeacherDashboard = () => apiRequest('/api/reports/GetTeacherDashboard', TeacherDashboardSchema);

export const useTeacherDashboard = () => useQuery({ queryKey: teacherDashboardKey, queryFn: getTeacherDashboard });
