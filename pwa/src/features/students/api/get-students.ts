import { StudentListResponseSchema } from '@rollbook/shared-types/students';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export interface StudentFilters {
  name: string;
  /** -1: every company. */
  companyId: number;
  /** -1 all, 1 active, 0 inactive. */
  statusId: number;
  page: number;
}

export function getStudents(filters: StudentFilters, signal?: AbortSignal) {
  const query = {
    name: filters.name.trim() || undefined,
    companyId: filters.companyId,
    statusId: filters.statusId,
    page: filters.page,
  };
  return apiRequest('/api/students/getall', StudentListResponseSchema, { query, signal });
}

/** GET /api/students/getall: one page of 100, keeping the previous page on screen while the next loads. */
export function useStudents(filters: StudentFilters) {
  return useQuery({
    queryKey: studentKeys.list(filters),
    queryFn: ({ signal }) => getStudents(filters, signal),
    placeholderData: keepPreviousData,
  });
}
