import { DeletePaymentsResponseSchema } from '@rollbook/shared-types/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherPaymentKeys } from './teacher-payment-keys';

/** Removes the teacher's part of a report (the report stays for its other teachers); those classes return to Marked. */
export const deleteTeacherPayment = ({ paymentHeaderId, teacherId }: { paymentHeaderId: number; teacherId: number }) =>
  apiRequest('/api/reports/DeletePayments', DeletePaymentsResponseSchema, { query: { paymentHeaderId, teacherId } });

export function useDeleteTeacherPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teacherPaymentKeys.deletePayment,
    mutationFn: deleteTeacherPayment,
    onSettled: () => Promise.all([['reports'], ['dashboard'], ['classes']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
