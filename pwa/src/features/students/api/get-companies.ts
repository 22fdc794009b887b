import { CompanyListSchema } from '@rollbook/shared-types/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function getCompanies(signal?: AbortSignal) {
  return apiRequest('/api/companies/GetAll', CompanyListSchema, { signal });
}

/** GET /api/companies/GetAll: the company filter and the profile's Company select. */
export function useCompanies() {
  return useQuery({ queryKey: studentKeys.companies(), queryFn: ({ signal }) => getCompanies(signal), staleTime: 5 * 60_000 });
}
