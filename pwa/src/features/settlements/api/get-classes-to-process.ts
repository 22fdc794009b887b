import { PaymentReportSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settlementKeys } from './settlement-keys';

/** Marked classes not yet in a report, every teacher, dated on or before periodEndDate (yyyy-MM-dd). */
export const getClassesToProcess = (periodEndDate: string) =>
  apiRequest('/api/reports/GetTeacherPaymentReportAuto', PaymentReportSchema, { query: { periodEndDate } });

export const useClassesToProcess = (periodEndDate: string | null) =>
  useQuery({
    queryKey: settlementKeys.classesToProcess(periodEndDate ?? ''),
    queryFn: () => getClassesToProcess(periodEndDate as string),
    enabled: periodEndDate !== null,
    // Marking goes on elsewhere: what is shown before raising should be fresh.
    staleTime: 0,
  });
