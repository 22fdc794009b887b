import { ClosureDeleteResponseSchema } from '@rollbook/shared-types/closures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { closuresKey } from './get-closures';

export const deleteClosure = (closureId: number) => apiRequest('/api/closures/delete', ClosureDeleteResponseSchema, { method: 'POST', body: { closureId } });

export function useDeleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClosure, onSuccess: () => queryClient.invalidateQueries({ queryKey: closuresKey }) });
}
