import { ProfileSchema, type UpdateProfileRequest } from '@rollbook/shared-types/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { session } from '../../../lib/session';
import { profileKeys } from './query-keys';

export function updateProfile(profile: UpdateProfileRequest) {
  return apiRequest('/api/users/UpdateProfile', ProfileSchema, { method: 'POST', body: profile });
}

/** POST /api/users/UpdateProfile; the stored user takes the new names too (the top bar shows them). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      await putQueryAnswer(queryClient, profileKeys.me(), profile);
      const user = session.get();
      if (user) session.set({ ...user, firstName: profile.firstName, lastName: profile.lastName });
    },
  });
}
