import { CourseLevelListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS, schedulingKeys } from './lookup-keys';

export const getCourseLevels = () => apiRequest('/api/courses/GetAllLevels', CourseLevelListSchema);

export const useCourseLevels = () => useQuery({ queryKey: schedulingKeys.lookups('levels'), queryFn: getCourseLevels, staleTime: LOOKUP_STALE_MS });
