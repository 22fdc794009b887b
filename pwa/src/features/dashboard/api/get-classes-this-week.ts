import { ClassesInPeriodSchema, type PeriodCode } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Classes today (D), this week (W, Monday to Sunday) or this month (M), London time. */
export const getClassesInPeriod = (period: PeriodCode) =>
  apiRequest('/api/reports/GetClassesThisWeek', ClassesInPeriodSchema, { query: { period } });

export const useClassesInPeriod = (period: PeriodCode) =>
  useQuery({ queryKey: dashboardKeys.classesInPeriod(period), queryFn: () => getClassesInPeriod(period) });
