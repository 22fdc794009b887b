import { AddressSchema, CompanyDeleteResponseSchema, type AddressUpsertRequest } from '@rollbook/shared-types/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companyAddressesKey } from '../../../lookups/get-company-addresses';

/** Adds or changes a secondary address (UpsertCompanyAddress). */
export const upsertAddress = (body: AddressUpsertRequest) => apiRequest('/api/companies/UpsertCompanyAddress', AddressSchema, { method: 'POST', body });

export const deleteAddress = ({ addressId }: { addressId: number; companyId: number }) =>
  apiRequest('/api/companies/DeleteCompanyAddress', CompanyDeleteResponseSchema, { query: { addressId } });

export function useUpsertAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: upsertAddress, onSuccess: (address) => queryClient.invalidateQueries({ queryKey: companyAddressesKey(address.companyId) }) });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSuccess: (_, { companyId }) => queryClient.invalidateQueries({ queryKey: companyAddressesKey(companyId) }) });
}
