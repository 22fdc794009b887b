import { DeleteStudentFromCourseResponseSchema } from '@rollbook/shared-types/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const deleteStudentFromCourse = ({ courseId, studentId }: { courseId: number; studentId: number }) =>
  apiRequest('/api/courses/DeleteStudentFromCourse', DeleteStudentFromCourseResponseSchema, { query: { courseId, studentId } });

export function useDeleteStudentFromCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudentFromCourse,
    onSuccess: () => Promise.all([schedulingKeys.courses, schedulingKeys.classes].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
