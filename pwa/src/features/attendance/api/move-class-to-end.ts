import { ClassItemSchema } from '@rollbook/shared-types/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clashAwareRequest } from '../../../lib/clash-aware-request';
import { invalidateClassViews } from './invalidate-class-views';

/** UpdateClassDateToLast: the class moves after the last class of its series, on its schedule. */
export const moveClassToEnd = ({ classId, allowClashes }: { classId: number; allowClashes?: boolean }) =>
  clashAwareRequest('/api/classes/UpdateClassDateToLast', ClassItemSchema, { query: { classId, allowClashes: allowClashes || undefined } });

export function useMoveClassToEnd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveClassToEnd, onSuccess: () => invalidateClassViews(queryClient) });
}
