import { CompanySchema, type CompanyUpsertRequest } from '@rollbook/shared-types/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';
import { companyKey } from './get-company';

export const upsertCompany = (body: CompanyUpsertRequest) => apiRequest('/api/companies/upsert', CompanySchema, { method: 'POST', body });

export function useUpsertCompany() {
  const queryClient = useQueryClient();
  // Courses and rooms show company names too.
  return useMutation({
    mutationFn: upsertCompany,
    onSuccess: (company) => {
      // The form (kept mounted, hidden, after SAVE) compares against this: it must be clean at once.
      queryClient.setQueryData(companyKey(company.companyId), company);
      return Promise.all([schedulingKeys.companies, schedulingKeys.courses, schedulingKeys.rooms].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
