import { AttendanceThresholdSchema, type UpdateAttendanceThresholdRequest } from '@rollbook/shared-types/attendance-warnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { attendanceThresholdKey } from '../../../lookups/get-attendance-rates';
import { warningKeys } from './warning-keys';

export const updateAttendanceThreshold = (body: UpdateAttendanceThresholdRequest) =>
  apiRequest('/api/settings/UpdateAttendanceThreshold', AttendanceThresholdSchema, { method: 'POST', body });

/** A new threshold changes the list, its count on the dashboard and the titles of both. */
export function useUpdateAttendanceThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttendanceThreshold,
    onSuccess: async (answer) => {
      await putQueryAnswer(queryClient, attendanceThresholdKey, answer.threshold);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
  });
}
