import { ClosureListSchema } from '@rollbook/shared-types/closures';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const closuresKey = ['closures'] as const;

export const getClosures = () => apiRequest('/api/closures/getall', ClosureListSchema);

export const useClosures = () => useQuery({ queryKey: closuresKey, queryFn: getClosures });
