import { RoomPageSchema } from '@rollbook/shared-types/rooms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** GET /api/rooms/getall with page and pageSize: one page of the rooms list. */
export const getRoomPage = (query: Record<string, QueryValue>) => apiRequest('/api/rooms/getall', RoomPageSchema, { query });

// Keyed by the whole request, so an older, slower answer never shows for a newer address.
export const useRoomPage = (query: Record<string, QueryValue>) =>
  useQuery({ queryKey: [...schedulingKeys.rooms, 'page', query], queryFn: () => getRoomPage(query), placeholderData: keepPreviousData });
