import { DeletePaymentsResponseSchema } from '@rollbook/shared-types/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTLEMENT_CHANGES, settlementKeys } from './settlement-keys';

/** Removes a whole report; its classes return to Marked. */
export const deletePayments = (paymentHeaderId: number) =>
  apiRequest('/api/reports/DeletePayments', DeletePaymentsResponseSchema, { query: { paymentHeaderId } });

export function useDeletePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settlementKeys.deletePayments,
    mutationFn: deletePayments,
    onSettled: () => Promise.all(SETTLEMENT_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
