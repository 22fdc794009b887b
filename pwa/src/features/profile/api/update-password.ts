import { UpdatePasswordResponseSchema, type UpdatePasswordRequest } from '@rollbook/shared-types/profile';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export function updatePassword(request: UpdatePasswordRequest) {
  return apiRequest('/api/users/UpdatePassword', UpdatePasswordResponseSchema, { method: 'POST', body: request });
}

/**
 * POST /api/users/UpdatePassword → { isValid }. A change ends every other session and answers a
 * fresh token for this one, which replaces the stored token (the old one no longer works).
 */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (answer) => {
      const user = session.get();
      if (answer.isValid && answer.token && answer.expiresAt && user) session.set({ ...user, token: answer.token, expiresAt: answer.expiresAt });
    },
  });
}
