import { TEACHERS_UNMARKED_PAGE_SIZE, TeachersUnmarkedClassCountSchema } from '@rollbook/shared-types/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** A page of the teachers with classes requiring marking, most first, and how many there are. */
export const getTeachersUnmarkedClassCount = (page: number) =>
  apiRequest('/api/reports/GetTeachersUnmarkedClassCount', TeachersUnmarkedClassCountSchema, { query: { page, pageSize: TEACHERS_UNMARKED_PAGE_SIZE } });

export const useTeachersUnmarkedClassCount = (page: number) =>
  useQuery({ queryKey: dashboardKeys.teachersUnmarked(page), queryFn: () => getTeachersUnmarkedClassCount(page), placeholderData: keepPreviousData });
