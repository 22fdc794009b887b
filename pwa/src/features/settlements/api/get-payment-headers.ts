import { PaymentHeaderListSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settlementKeys } from './settlement-keys';

/** Raised reports of dateToShow's month (by period end), newest first. */
export const getPaymentHeaders = (dateToShow: string) =>
  apiRequest('/api/reports/GetPaymentHeaders', PaymentHeaderListSchema, { query: { dateToShow } }).then((answer) => answer.paymentHeaders);

export const usePaymentHeaders = (dateToShow: string, enabled: boolean) =>
  useQuery({ queryKey: settlementKeys.headersByMonth(dateToShow), queryFn: () => getPaymentHeaders(dateToShow), enabled });
