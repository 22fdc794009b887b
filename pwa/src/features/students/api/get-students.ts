import type { SortDirection } from '@rollbook/shared-types/list-page';
import { StudentListResponseSchema, type StudentSortKey } from '@rollbook/shared-types/students';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export interface StudentFilters {
  name: string;
  /** -1: every company. */
  companyId: number;
  /** -1 all, 1 active, 0 inactive. */
  statusId: number;
}

/** The filters with the page and order to show. */
export interface StudentListRequest extends StudentFilters {
  page: number;
  pageSize: number;
  sort?: StudentSortKey;
  dir?: SortDirection;
}

export function getStudents(request: StudentListRequest, signal?: AbortSignal) {
  const query = { ...request, name: request.name.trim() || undefined };
  return apiRequest('/api/students/getall', StudentListResponseSchema, { query, signal });
}

/** GET /api/students/getall: one page of 100, keeping the previous page on screen while the next loads. */
export function useStudents(request: StudentListRequest) {
  return useQuery({
    queryKey: studentKeys.list(request),
    queryFn: ({ signal }) => getStudents(request, signal),
    placeholderData: keepPreviousData,
  });
}
