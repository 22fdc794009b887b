import { PasswordResetRequestResponseSchema } from '@rollbook/shared-types/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/PasswordResetRequest (public): e-mails a code; answers the same for any address. */
export function requestReset(email: string) {
  return apiRequest('/api/users/PasswordResetRequest', PasswordResetRequestResponseSchema, { method: 'POST', body: { email }, auth: false });
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
