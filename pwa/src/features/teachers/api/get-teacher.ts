import { TeacherSchema } from '@rollbook/shared-types/teachers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function getTeacher(teacherId: number, signal?: AbortSignal) {
  return apiRequest('/api/teachers/getteacherbyid', TeacherSchema, { query: { id: teacherId }, signal });
}

/** GET /api/teachers/getteacherbyid with rates and subjects; disabled for a new teacher (id null). */
export function useTeacher(teacherId: number | null) {
  return useQuery({
    queryKey: teacherKeys.detail(teacherId ?? 0),
    queryFn: ({ signal }) => getTeacher(teacherId as number, signal),
    enabled: teacherId !== null,
  });
}
