import { PaymentYearsSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settlementKeys } from './settlement-keys';

/** Years that have settlement reports, newest first. */
export const getPaymentYears = () => apiRequest('/api/reports/GetPaymentYears', PaymentYearsSchema).then((answer) => answer.years);

export const usePaymentYears = () => useQuery({ queryKey: settlementKeys.paymentYears, queryFn: getPaymentYears });
