import { DayWeekListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS, schedulingKeys } from './lookup-keys';

export const getDayWeeks = () => apiRequest('/api/staticdata/getalldayweeks', DayWeekListSchema);

export const useDayWeeks = () => useQuery({ queryKey: schedulingKeys.lookups('day-weeks'), queryFn: getDayWeeks, staleTime: LOOKUP_STALE_MS });
