import { RegisterResponseSchema, type RegisterRequest } from '@rollbook/shared-types/signup';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/signup/Register (public): the code and the password (twice) create the student's login. */
export function register(request: RegisterRequest) {
  return apiRequest('/api/signup/Register', RegisterResponseSchema, { method: 'POST', body: request, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
