import { CourseDetailSchema, type CourseUpsertRequest } from '@rollbook/shared-types/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';
import { courseKey } from './get-course';

export const upsertCourse = (body: CourseUpsertRequest) => apiRequest('/api/courses/upsert', CourseDetailSchema, { method: 'POST', body });

export function useUpsertCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(courseKey(course.courseId), course);
      return queryClient.invalidateQueries({ queryKey: schedulingKeys.courses });
    },
  });
}
