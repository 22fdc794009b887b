import { ClosureSaveResponseSchema, type ClosureSaveRequest } from '@rollbook/shared-types/closures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clashAwareRequest } from '../../../lib/clash-aware-request';
import { schedulingKeys } from '../../../lookups/lookup-keys';
import { closuresKey } from './get-closures';

/** Saves a closure and the choice made for each class on its dates; a double booking throws ClashError until repeated with allowClashes. */
export const upsertClosure = (body: ClosureSaveRequest) => clashAwareRequest('/api/closures/upsert', ClosureSaveResponseSchema, { method: 'POST', body });

export function useUpsertClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertClosure,
    // Moved and cancelled classes change courses' figures and calendars too.
    onSuccess: () =>
      Promise.all([closuresKey, schedulingKeys.classes, schedulingKeys.courses, schedulingKeys.calendar].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
