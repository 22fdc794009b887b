import { PERSON_TYPE_TEACHER } from '@rollbook/shared-types/people';
import type { Teacher } from '@rollbook/shared-types/teachers';
import { DeleteUserResponseSchema } from '@rollbook/shared-types/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

/** GET /api/users/DeleteUser for a teacher: removes online access and ends their sessions. */
export function deleteTeacherLogin(teacherId: number) {
  return apiRequest('/api/users/DeleteUser', DeleteUserResponseSchema, { query: { id: teacherId, type: PERSON_TYPE_TEACHER } });
}

export function useDeleteTeacherLogin(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeacherLogin(teacherId),
    onSuccess: () => {
      queryClient.setQueryData<Teacher>(teacherKeys.detail(teacherId), (teacher) => (teacher ? { ...teacher, hasLogin: false } : teacher));
      void queryClient.invalidateQueries({ queryKey: teacherKeys.lists() });
    },
  });
}
