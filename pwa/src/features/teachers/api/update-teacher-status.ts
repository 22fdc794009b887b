import { TeacherStatusSchema, type Teacher } from '@rollbook/shared-types/teachers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function updateTeacherStatus({ teacherId, active }: { teacherId: number; active: boolean }) {
  // statudId: spelt as the spec's call spells it.
  return apiRequest('/api/teachers/UpdateTeacherStatus', TeacherStatusSchema, { query: { teacherId, statudId: active } });
}

/** GET /api/teachers/UpdateTeacherStatus: sets the teacher active or inactive at once. */
export function useUpdateTeacherStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeacherStatus,
    onSuccess: ({ teacherId, active }) => {
      queryClient.setQueryData<Teacher>(teacherKeys.detail(teacherId), (teacher) => (teacher ? { ...teacher, active } : teacher));
      void queryClient.invalidateQueries({ queryKey: teacherKeys.lists() });
    },
  });
}
