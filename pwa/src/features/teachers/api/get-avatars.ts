import { AvatarListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function getAvatars(signal?: AbortSignal) {
  return apiRequest('/api/avatar/getall', AvatarListSchema, { signal });
}

/** GET /api/avatar/getall: the pictures of the avatar picker ({size} placeholder in imageName). */
export function useAvatars(enabled: boolean) {
  return useQuery({ queryKey: teacherKeys.avatars(), queryFn: ({ signal }) => getAvatars(signal), staleTime: 60 * 60_000, enabled });
}
