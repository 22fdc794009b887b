import { CourseDetailSchema } from '@rollbook/shared-types/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';
import { courseKey } from './get-course';

export const updateCourseStatus = ({ courseId, courseStatusId }: { courseId: number; courseStatusId: number }) =>
  apiRequest('/api/courses/UpdateCourseStatus', CourseDetailSchema, { query: { courseId, courseStatusId } });

export function useUpdateCourseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourseStatus,
    onSuccess: (course) => {
      queryClient.setQueryData(courseKey(course.courseId), course);
      // Classes carry the course status (marking a Draft course's class is refused).
      return Promise.all([schedulingKeys.courses, schedulingKeys.classes].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
