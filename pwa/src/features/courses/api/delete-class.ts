import { DeleteResultSchema } from '@rollbook/shared-types/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** 'class' deletes this class only; 'series' its whole series (Marked and Paid classes stay). */
export const deleteClass = ({ classId, scope }: { classId: number; scope: 'class' | 'series' }) =>
  apiRequest(scope === 'class' ? '/api/classes/deletebyid' : '/api/classes/DeleteSeriesByClassId', DeleteResultSchema, { query: { id: classId } });

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClass,
    onSuccess: () =>
      Promise.all([schedulingKeys.classes, schedulingKeys.courses, schedulingKeys.calendar].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
