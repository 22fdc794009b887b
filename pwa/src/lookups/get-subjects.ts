import { SubjectListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS, schedulingKeys } from './lookup-keys';

export const getSubjects = () => apiRequest('/api/subjects/GetAll', SubjectListSchema);

export const useSubjects = () => useQuery({ queryKey: schedulingKeys.lookups('subjects'), queryFn: getSubjects, staleTime: LOOKUP_STALE_MS });
