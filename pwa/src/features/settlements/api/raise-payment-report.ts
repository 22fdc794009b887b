import { PaymentReportSchema } from '@rollbook/shared-types/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTLEMENT_CHANGES, settlementKeys } from './settlement-keys';

export interface RaiseInput {
  teacherIds: number[];
  /** yyyy-MM-dd */
  periodEndDate: string;
}

/** Raises one report for the teachers' marked classes up to the period end (the server pays each class once). */
export const raisePaymentReport = ({ teacherIds, periodEndDate }: RaiseInput) =>
  apiRequest('/api/reports/RaisePaymentReport', PaymentReportSchema, { query: { teacherIds: teacherIds.join(','), periodEndDate } });

export function useRaisePaymentReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settlementKeys.raise,
    mutationFn: raisePaymentReport,
    // Refresh after a refusal too: "nothing to process" means the list shown is out of date.
    onSettled: () => Promise.all(SETTLEMENT_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
