import { ResetPasswordResultSchema, type ResetPasswordRequest } from '@rollbook/shared-types/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/ResetPassword (public) → 1 success, 2 wrong, expired, used or locked code. */
export function resetPassword(request: ResetPasswordRequest) {
  return apiRequest('/api/users/ResetPassword', ResetPasswordResultSchema, { method: 'POST', body: request, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
