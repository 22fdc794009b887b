import { CompanyListSchema } from '@rollbook/shared-types/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { schedulingKeys } from './lookup-keys';

export const getCompanies = () => apiRequest('/api/companies/GetAll', CompanyListSchema);

/** All companies: the companies list and every company picker. */
export const useCompanies = () => useQuery({ queryKey: [...schedulingKeys.companies, 'list'], queryFn: getCompanies });
