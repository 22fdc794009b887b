import { SendCodeResponseSchema } from '@rollbook/shared-types/signup';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/signup/SendCode (public): e-mails the student a 6-digit code that proves the address is theirs. */
export function sendCode(email: string) {
  return apiRequest('/api/signup/SendCode', SendCodeResponseSchema, { method: 'POST', body: { email }, auth: false });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
