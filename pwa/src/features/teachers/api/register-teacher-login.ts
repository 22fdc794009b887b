import { PERSON_TYPE_TEACHER } from '@rollbook/shared-types/people';
import type { Teacher } from '@rollbook/shared-types/teachers';
import { RegisterUserResponseSchema } from '@rollbook/shared-types/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

/** POST /api/users/RegisterUser for a teacher: creates the login and answers its generated password, once. */
export function registerTeacherLogin(teacherId: number) {
  return apiRequest('/api/users/RegisterUser', RegisterUserResponseSchema, { method: 'POST', body: { id: teacherId, type: PERSON_TYPE_TEACHER } });
}

export function useRegisterTeacherLogin(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => registerTeacherLogin(teacherId),
    onSuccess: ({ userId }) => {
      queryClient.setQueryData<Teacher>(teacherKeys.detail(teacherId), (teacher) => (teacher ? { ...teacher, hasLogin: true, userId } : teacher));
      void queryClient.invalidateQueries({ queryKey: teacherKeys.lists() });
    },
  });
}
