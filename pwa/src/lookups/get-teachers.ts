import { TeacherListResponseSchema } from '@rollbook/shared-types/teachers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS } from './lookup-keys';

/** Active teachers for pickers (the API pages by 100, more than a school's staff). */
export const getActiveTeachers = () =>
  apiRequest('/api/teachers/getall', TeacherListResponseSchema, { query: { status: 1, page: 1 } }).then((r) => r.teachers);

export const useActiveTeachers = () =>
  useQuery({ queryKey: ['teachers', 'active-picker'], queryFn: getActiveTeachers, staleTime: LOOKUP_STALE_MS });
