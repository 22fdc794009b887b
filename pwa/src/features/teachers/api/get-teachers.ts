import { TeacherListResponseSchema } from '@rollbook/shared-types/teachers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export interface TeacherFilters {
  searchText: string;
  /** -1 all, 1 active, 0 inactive. */
  status: number;
  page: number;
}

export function getTeachers(filters: TeacherFilters, signal?: AbortSignal) {
  const query = { searchText: filters.searchText.trim() || undefined, status: filters.status, page: filters.page };
  return apiRequest('/api/teachers/getall', TeacherListResponseSchema, { query, signal });
}

/** GET /api/teachers/getall: one page of 100. */
export function useTeachers(filters: TeacherFilters) {
  return useQuery({ queryKey: teacherKeys.list(filters), queryFn: ({ signal }) => getTeachers(filters, signal), placeholderData: keepPreviousData });
}
