import { StudentSchema } from '@rollbook/shared-types/students';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function getStudent(studentId: number, signal?: AbortSignal) {
  return apiRequest('/api/students/getbyid', StudentSchema, { query: { id: studentId }, signal });
}

/** GET /api/students/getbyid; disabled for a new student (id null). */
export function useStudent(studentId: number | null) {
  return useQuery({
    queryKey: studentKeys.detail(studentId ?? 0),
    queryFn: ({ signal }) => getStudent(studentId as number, signal),
    enabled: studentId !== null,
  });
}
