import { CompanySchema } from '@rollbook/shared-types/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const companyKey = (companyId: number) => [...schedulingKeys.companies, companyId, 'detail'] as const;

export const getCompany = (companyId: number) => apiRequest('/api/companies/getbyid', CompanySchema, { query: { id: companyId } });

export const useCompany = (companyId: number | null) =>
  useQuery({ queryKey: companyKey(companyId ?? 0), queryFn: () => getCompany(companyId as number), enabled: companyId !== null });
