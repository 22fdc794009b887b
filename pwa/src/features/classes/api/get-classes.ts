import { ClassListResponseSchema } from '@rollbook/shared-types/classes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const getClasses = (query: Record<string, QueryValue>) => apiRequest('/api/classes/GetByFilter', ClassListResponseSchema, { query });

export const useClasses = (query: Record<string, QueryValue>) =>
  useQuery({ queryKey: [...schedulingKeys.classes, 'list', query], queryFn: () => getClasses(query), placeholderData: keepPreviousData });
