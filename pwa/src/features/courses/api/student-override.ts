import { StudentOverrideListSchema, type UpdateStudentOverrideRequest } from '@rollbook/shared-types/attendance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

const overrideKey = (courseId: number, studentId: number) => [...schedulingKeys.courses, 'override', courseId, studentId] as const;

/** The student's status on every class of the course (GetCourseStudentOveride). */
export const getStudentOverride = (courseId: number, studentId: number) =>
  apiRequest('/api/courses/GetCourseStudentOveride', StudentOverrideListSchema, { query: { courseId, studentId } });

export const useStudentOverride = (courseId: number, studentId: number | null) =>
  useQuery({
    queryKey: overrideKey(courseId, studentId ?? 0),
    queryFn: () => getStudentOverride(courseId, studentId as number),
    enabled: studentId !== null,
    staleTime: 0,
  });

export const updateStudentOverride = (body: UpdateStudentOverrideRequest) =>
  apiRequest('/api/courses/UpdateStudentOveride', StudentOverrideListSchema, { method: 'POST', body });

export function useUpdateStudentOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentOverride,
    onSuccess: (lines, { courseId, studentId }) => {
      queryClient.setQueryData(overrideKey(courseId, studentId), lines);
      return Promise.all([schedulingKeys.courses, schedulingKeys.classes].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
