import { SubjectPercentagesSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Classes per subject from 1 January to now. */
export const getSubjectPercentages = () => apiRequest('/api/reports/GetSubjectPercentages', SubjectPercentagesSchema);

export const useSubjectPercentages = () => useQuery({ queryKey: dashboardKeys.subjectPercentages, queryFn: getSubjectPercentages });
