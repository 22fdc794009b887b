import { TeacherRateListSchema } from '@rollbook/shared-types/teachers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A teacher's active pay rates. */
export const getTeacherRates = (teacherId: number) =>
  apiRequest('/api/teachers/GetTeachersRateByTeacherId', TeacherRateListSchema, { query: { id: teacherId, onlyActive: true } });

export const useTeacherRates = (teacherId: number) =>
  useQuery({ queryKey: ['teachers', teacherId, 'rates', 'active'], queryFn: () => getTeacherRates(teacherId), enabled: teacherId > 0 });
