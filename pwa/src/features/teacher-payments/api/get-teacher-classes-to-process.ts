import { PaymentReportSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherPaymentKeys } from './teacher-payment-keys';

/** The teacher's marked classes in no report, up to today, at their current rates. */
export const getTeacherClassesToProcess = (teacherId: number) =>
  apiRequest('/api/reports/GetTeacherPaymentReportAuto', PaymentReportSchema, { query: { teacherIds: teacherId } });

export const useTeacherClassesToProcess = (teacherId: number) =>
  useQuery({ queryKey: teacherPaymentKeys.classesToProcess(teacherId), queryFn: () => getTeacherClassesToProcess(teacherId) });
