import { RoomSchema } from '@rollbook/shared-types/rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const roomKey = (roomId: number) => [...schedulingKeys.rooms, 'detail', roomId] as const;

export const getRoom = (roomId: number) => apiRequest('/api/rooms/getbyid', RoomSchema, { query: { id: roomId } });

export const useRoom = (roomId: number | null) =>
  useQuery({ queryKey: roomKey(roomId ?? 0), queryFn: () => getRoom(roomId as number), enabled: roomId !== null });
