import { ClassMonthlyCountSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Classes per month, January first: last year (classCount1) and this year (classCount2). */
export const getClassMonthlyCount = () =>
  apiRequest('/api/reports/GetClassMonthlyCount', ClassMonthlyCountSchema).then((answer) => answer.months);

export const useClassMonthlyCount = () => useQuery({ queryKey: dashboardKeys.classMonthlyCount, queryFn: getClassMonthlyCount });
