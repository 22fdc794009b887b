import { StudentSchema, type StudentUpsert } from '@rollbook/shared-types/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function upsertStudent(student: StudentUpsert) {
  return apiRequest('/api/students/upsert', StudentSchema, { method: 'POST', body: student });
}

/** POST /api/students/upsert: answers the saved student, which replaces the cached one. */
export function useUpsertStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertStudent,
    onSuccess: (saved) => {
      queryClient.setQueryData(studentKeys.detail(saved.studentId), saved);
      void queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}
