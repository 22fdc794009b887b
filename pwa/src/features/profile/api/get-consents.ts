import { GdprConsentListSchema } from '@rollbook/shared-types/profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

export function getConsents(signal?: AbortSignal) {
  return apiRequest('/api/users/GetGDPRConsentByUser', GdprConsentListSchema, { signal });
}

/** GET /api/users/GetGDPRConsentByUser: every consent type, given or not. */
export function useConsents() {
  return useQuery({ queryKey: profileKeys.consents(), queryFn: ({ signal }) => getConsents(signal) });
}
