import { RoomListSchema } from '@rollbook/shared-types/rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../scheduling-lookups/api/lookup-keys';

export const getRooms = () => apiRequest('/api/rooms/getall', RoomListSchema);

export const useRooms = () => useQuery({ queryKey: [...schedulingKeys.rooms, 'list'], queryFn: getRooms });
