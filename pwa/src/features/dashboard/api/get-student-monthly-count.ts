import { StudentMonthlyCountSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Students joining per month, January first: last year (studentCount1) and this year (studentCount2). */
export const getStudentMonthlyCount = () =>
  apiRequest('/api/reports/GetStudentMonthlyCount', StudentMonthlyCountSchema).then((answer) => answer.months);

export const useStudentMonthlyCount = () => useQuery({ queryKey: dashboardKeys.studentMonthlyCount, queryFn: getStudentMonthlyCount });
