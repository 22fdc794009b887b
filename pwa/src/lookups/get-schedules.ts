import { ScheduleListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS, schedulingKeys } from './lookup-keys';

export const getSchedules = () => apiRequest('/api/staticdata/getallschedules', ScheduleListSchema);

export const useSchedules = () => useQuery({ queryKey: schedulingKeys.lookups('schedules'), queryFn: getSchedules, staleTime: LOOKUP_STALE_MS });
