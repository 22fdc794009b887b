import { TeacherSchema, type TeacherUpsert } from '@rollbook/shared-types/teachers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function upsertTeacher(teacher: TeacherUpsert) {
  return apiRequest('/api/teachers/upsert', TeacherSchema, { method: 'POST', body: teacher });
}

/** POST /api/teachers/upsert: the whole teacher with subjects and rates; answers the saved teacher. */
export function useUpsertTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertTeacher,
    onSuccess: (saved) => {
      queryClient.setQueryData(teacherKeys.detail(saved.teacherId), saved);
      void queryClient.invalidateQueries({ queryKey: teacherKeys.lists() });
    },
  });
}
