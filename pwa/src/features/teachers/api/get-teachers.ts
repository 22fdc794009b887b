import type { SortDirection } from '@rollbook/shared-types/list-page';
import { TeacherListResponseSchema, type TeacherSortKey } from '@rollbook/shared-types/teachers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export interface TeacherFilters {
  searchText: string;
  /** -1 all, 1 active, 0 inactive. */
  status: number;
}

/** The filters with the page and order to show. */
export interface TeacherListRequest extends TeacherFilters {
  page: number;
  pageSize: number;
  sort?: TeacherSortKey;
  dir?: SortDirection;
}

export function getTeachers(request: TeacherListRequest, signal?: AbortSignal) {
  const query = { ...request, searchText: request.searchText.trim() || undefined };
  return apiRequest('/api/teachers/getall', TeacherListResponseSchema, { query, signal });
}

/** GET /api/teachers/getall: one page of 100. */
export function useTeachers(request: TeacherListRequest) {
  return useQuery({ queryKey: teacherKeys.list(request), queryFn: ({ signal }) => getTeachers(request, signal), placeholderData: keepPreviousData });
}
