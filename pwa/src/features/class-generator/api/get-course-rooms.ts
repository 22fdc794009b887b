import { RoomListSchema } from '@rollbook/shared-types/rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** Rooms of the course's company (any room for a private course). */
export const getCourseRooms = (courseId: number) => apiRequest('/api/rooms/getbycourseid', RoomListSchema, { query: { id: courseId } });

export const useCourseRooms = (courseId: number) =>
  useQuery({ queryKey: [...schedulingKeys.rooms, 'course', courseId], queryFn: () => getCourseRooms(courseId) });
