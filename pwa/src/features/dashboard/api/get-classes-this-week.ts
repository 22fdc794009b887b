import { ClassesInPeriodSchema, DASHBOARD_CLASSES_PAGE_SIZE, type PeriodCode } from '@rollbook/shared-types/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/**
 * One page of the classes today (D), this week (W, Monday to Sunday) or this month (M), London
 * time: the first, or the one after the page whose `next` cursor is `after`.
 */
export const getClassesInPeriod = (period: PeriodCode, after: string | null) =>
  apiRequest('/api/reports/GetClassesThisWeek', ClassesInPeriodSchema, {
    query: { period, pageSize: DASHBOARD_CLASSES_PAGE_SIZE, ...(after === null ? {} : { after }) },
  });

/** The page keeps showing while the next of the same period loads; another period starts empty. */
export const useClassesInPeriod = (period: PeriodCode, after: string | null) =>
  useQuery({
    queryKey: dashboardKeys.classesInPeriod(period, after),
    queryFn: () => getClassesInPeriod(period, after),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === period ? keepPreviousData(previous) : undefined),
  });
