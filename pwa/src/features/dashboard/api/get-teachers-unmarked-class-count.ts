import { TeachersUnmarkedClassCountSchema } from '@rollbook/shared-types/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Teachers with classes requiring marking, most first. */
export const getTeachersUnmarkedClassCount = () =>
  apiRequest('/api/reports/GetTeachersUnmarkedClassCount', TeachersUnmarkedClassCountSchema).then((answer) => answer.teachers);

export const useTeachersUnmarkedClassCount = () =>
  useQuery({ queryKey: dashboardKeys.teachersUnmarked, queryFn: getTeachersUnmarkedClassCount });
