import { RoomSchema, type RoomUpsertRequest } from '@rollbook/shared-types/rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';
import { roomKey } from './get-room';

export const upsertRoom = (body: RoomUpsertRequest) => apiRequest('/api/rooms/upsert', RoomSchema, { method: 'POST', body });

export function useUpsertRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertRoom,
    onSuccess: (room) => {
      queryClient.setQueryData(roomKey(room.roomId), room);
      return queryClient.invalidateQueries({ queryKey: schedulingKeys.rooms });
    },
  });
}
