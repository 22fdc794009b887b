import { GdprConsentListSchema } from '@rollbook/shared-types/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { profileKeys } from './query-keys';

export function updateConsent({ code, value }: { code: string; value: boolean }) {
  return apiRequest('/api/users/UpdateGDPR', GdprConsentListSchema, { query: { GDPRCode: code, value } });
}

/** GET /api/users/UpdateGDPR: changes one consent and answers them all. */
export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateConsent, onSuccess: (consents) => putQueryAnswer(queryClient, profileKeys.consents(), consents) });
}
