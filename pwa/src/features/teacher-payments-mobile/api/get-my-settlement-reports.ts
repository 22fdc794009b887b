import { PaymentHeaderListSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Keys under 'reports': live notices for this teacher refresh them.

/** The signed-in teacher's settlement reports, each with their part of it (the server scopes a teacher to themself). */
export const getMySettlementReports = () =>
  apiRequest('/api/reports/GetSettlementReports', PaymentHeaderListSchema).then((answer) => answer.paymentHeaders);

export const useMySettlementReports = () => useQuery({ queryKey: ['reports', 'mine', 'settlement-reports'], queryFn: getMySettlementReports });
