import { NationalityListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function getNationalities(signal?: AbortSignal) {
  return apiRequest('/api/StaticData/GetAllNationalities', NationalityListSchema, { signal });
}

/** GET /api/StaticData/GetAllNationalities, for the Nationality select. */
export function useNationalities() {
  return useQuery({ queryKey: teacherKeys.nationalities(), queryFn: ({ signal }) => getNationalities(signal), staleTime: 60 * 60_000 });
}
