import { CompanyPageSchema } from '@rollbook/shared-types/companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** GET /api/companies/GetAll with page and pageSize: one page of the companies list. */
export const getCompanyPage = (query: Record<string, QueryValue>) => apiRequest('/api/companies/GetAll', CompanyPageSchema, { query });

// Keyed by the whole request: an answer is kept under the query that asked for it, so an older,
// slower one never shows for a newer address. The previous page stays up (busy) while the next loads.
export const useCompanyPage = (query: Record<string, QueryValue>) =>
  useQuery({ queryKey: [...schedulingKeys.companies, 'page', query], queryFn: () => getCompanyPage(query), placeholderData: keepPreviousData });
