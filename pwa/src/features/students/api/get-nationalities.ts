import { NationalityListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function getNationalities(signal?: AbortSignal) {
  return apiRequest('/api/StaticData/GetAllNationalities', NationalityListSchema, { signal });
}

/** GET /api/StaticData/GetAllNationalities, for the profile's Nationality select. */
export function useNationalities() {
  return useQuery({ queryKey: studentKeys.nationalities(), queryFn: ({ signal }) => getNationalities(signal), staleTime: 60 * 60_000 });
}
