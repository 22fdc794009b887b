import { CountStatsSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The five tiles' counts. */
export const getCountStats = () => apiRequest('/api/reports/GetCountStats', CountStatsSchema);

export const useCountStats = () => useQuery({ queryKey: dashboardKeys.countStats, queryFn: getCountStats });
