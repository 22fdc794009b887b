import { ProfileSchema } from '@rollbook/shared-types/profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

export function getProfile(signal?: AbortSignal) {
  return apiRequest('/api/users/GetProfile', ProfileSchema, { signal });
}

/** GET /api/users/GetProfile: the signed-in user's own names and e-mail. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me(), queryFn: ({ signal }) => getProfile(signal) });
}
