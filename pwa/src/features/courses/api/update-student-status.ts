import { UpdateStudentStatusResponseSchema, type StudentStatusChange } from '@rollbook/shared-types/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** Enrol (1), enquire (2), wait (3) or clear (0) students on a course. */
export const updateStudentStatus = ({ courseId, students }: { courseId: number; students: StudentStatusChange[] }) =>
  apiRequest('/api/courses/UpdateStudentStatus', UpdateStudentStatusResponseSchema, { method: 'POST', body: { courseId, students } });

export function useUpdateStudentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentStatus,
    // Counts, registers and class statuses move with enrolment.
    onSuccess: () => Promise.all([schedulingKeys.courses, schedulingKeys.classes].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
