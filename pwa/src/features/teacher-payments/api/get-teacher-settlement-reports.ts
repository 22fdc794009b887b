import { PaymentHeaderListSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherPaymentKeys } from './teacher-payment-keys';

/** Settlement reports containing the teacher, each with the teacher's part of it. */
export const getTeacherSettlementReports = (teacherId: number) =>
  apiRequest('/api/reports/GetSettlementReports', PaymentHeaderListSchema, { query: { teacherId } }).then((answer) => answer.paymentHeaders);

export const useTeacherSettlementReports = (teacherId: number) =>
  useQuery({ queryKey: teacherPaymentKeys.settlementReports(teacherId), queryFn: () => getTeacherSettlementReports(teacherId) });
