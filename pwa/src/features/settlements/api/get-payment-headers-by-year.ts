import { PaymentHeaderListSchema } from '@rollbook/shared-types/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { settlementKeys } from './settlement-keys';

/** One page of the raised reports whose period ends in the year, in the asked order, with the total. */
export const getPaymentHeaderPage = (year: number, query: Record<string, QueryValue>) =>
  apiRequest('/api/reports/GetPaymentHeadersByYear', PaymentHeaderListSchema, { query: { year, ...query } });

// Keyed by the whole request, so an older, slower answer never shows for a newer address; the
// previous page stays up (busy) while the next loads.
export const usePaymentHeaderPage = (year: number | null, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: [...settlementKeys.headersByYear(year ?? 0), 'page', query],
    queryFn: () => getPaymentHeaderPage(year as number, query),
    enabled: year !== null,
    placeholderData: keepPreviousData,
  });
