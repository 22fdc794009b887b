import { CourseDetailSchema } from '@rollbook/shared-types/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** A Draft copy with no start date and the original as its parent. */
export const cloneCourse = (courseId: number) =>
  apiRequest('/api/courses/clone', CourseDetailSchema, { method: 'POST', query: { id: courseId } });

export function useCloneCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cloneCourse, onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.courses }) });
}
