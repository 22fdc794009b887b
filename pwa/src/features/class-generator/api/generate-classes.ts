import { GenerateClassesResponseSchema, type GenerateClassesRequest } from '@rollbook/shared-types/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clashAwareRequest } from '../../../lib/clash-aware-request';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** GenerateClasses; a double booking throws ClashError until repeated with allowClashes. */
export const generateClasses = (body: GenerateClassesRequest) =>
  clashAwareRequest('/api/classes/GenerateClasses', GenerateClassesResponseSchema, { method: 'POST', body });

export function useGenerateClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateClasses,
    // The course's title and figures change with its classes.
    onSuccess: () =>
      Promise.all([schedulingKeys.classes, schedulingKeys.courses, schedulingKeys.calendar].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
