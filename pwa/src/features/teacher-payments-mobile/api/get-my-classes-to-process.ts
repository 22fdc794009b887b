import { PaymentReportSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in teacher's marked classes not yet in a report, up to today, at their current rates. */
export const getMyClassesToProcess = () => apiRequest('/api/reports/GetTeacherPaymentReportAuto', PaymentReportSchema);

export const useMyClassesToProcess = () => useQuery({ queryKey: ['reports', 'mine', 'classes-to-process'], queryFn: getMyClassesToProcess });
