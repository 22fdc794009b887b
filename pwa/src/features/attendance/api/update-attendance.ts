import { UpdateAttendanceResponseSchema, type AttendanceRecord } from '@rollbook/shared-types/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateClassViews } from './invalidate-class-views';

/** Saves marks all together or not at all (UpdateClassAttendenceMultiple). */
export const updateAttendance = (records: AttendanceRecord[]) =>
  apiRequest('/api/classes/UpdateClassAttendenceMultiple', UpdateAttendanceResponseSchema, { method: 'POST', body: records });

export function useUpdateAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAttendance, onSuccess: () => invalidateClassViews(queryClient) });
}
