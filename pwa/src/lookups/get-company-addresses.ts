import { AddressListSchema } from '@rollbook/shared-types/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { schedulingKeys } from './lookup-keys';

export const companyAddressesKey = (companyId: number) => [...schedulingKeys.companies, companyId, 'addresses'] as const;

/** A company's addresses, primary first; onlySecondary leaves the primary out. */
export const getCompanyAddresses = (companyId: number, onlySecondary = false) =>
  apiRequest('/api/companies/GetAllByCompanyId', AddressListSchema, { query: { companyId, onlySecondary: onlySecondary || undefined } });

export const useCompanyAddresses = (companyId: number | null, onlySecondary = false) =>
  useQuery({
    queryKey: [...companyAddressesKey(companyId ?? 0), onlySecondary],
    queryFn: () => getCompanyAddresses(companyId as number, onlySecondary),
    enabled: companyId !== null && companyId > 0,
  });
