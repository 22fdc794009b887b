import { SignedInUserSchema, type AuthenticateRequest, type SignedInUser } from '@rollbook/shared-types/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export function authenticate(credentials: AuthenticateRequest): Promise<SignedInUser> {
  return apiRequest('/api/users/authenticate', SignedInUserSchema, {
    method: 'POST',
    body: credentials,
    auth: false,
  });
}

/** Signs in and stores the returned user, which starts the session. */
export function useAuthenticate() {
  return useMutation({
    mutationFn: authenticate,
    onSuccess: (user) => session.set(user),
  });
}
