import { PaymentReportSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Query keys start with 'reports': live notices invalidate everything under that root.

/** A raised settlement report as its lines were copied when raised; with teacherId, that teacher's part. */
export const getRaisedPaymentReport = (paymentHeaderId: number, teacherId: number | null) =>
  apiRequest('/api/reports/GetRaisedPaymentReport', PaymentReportSchema, { query: { paymentHeaderId, teacherId } });

export const useRaisedPaymentReport = (paymentHeaderId: number | null, teacherId: number | null) =>
  useQuery({
    queryKey: ['reports', 'print', 'payment-report', paymentHeaderId, teacherId],
    queryFn: () => getRaisedPaymentReport(paymentHeaderId as number, teacherId),
    enabled: paymentHeaderId !== null,
  });
