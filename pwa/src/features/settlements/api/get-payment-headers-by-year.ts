import { PaymentHeaderListSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settlementKeys } from './settlement-keys';

/** Raised reports whose period ends in the year, newest first. */
export const getPaymentHeadersByYear = (year: number) =>
  apiRequest('/api/reports/GetPaymentHeadersByYear', PaymentHeaderListSchema, { query: { year } }).then((answer) => answer.paymentHeaders);

export const usePaymentHeadersByYear = (year: number | null) =>
  useQuery({ queryKey: settlementKeys.headersByYear(year ?? 0), queryFn: () => getPaymentHeadersByYear(year as number), enabled: year !== null });
