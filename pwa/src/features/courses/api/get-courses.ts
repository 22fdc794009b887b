import { CourseListResponseSchema } from '@rollbook/shared-types/courses';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export type CourseListParams = Record<string, QueryValue>;

export const getCourses = (query: CourseListParams) => apiRequest('/api/courses/getall', CourseListResponseSchema, { query });

export const coursesQuery = (query: CourseListParams) => ({ queryKey: [...schedulingKeys.courses, 'list', query], queryFn: () => getCourses(query) });

/**
 * One page of courses. The request goes out as the page starts rendering, not once it has
 * rendered, committed and run its effects (where useQuery would send it): the rows arrive that much
 * sooner after the list opens. A page already cached or in flight is not asked for twice.
 */
export function useCourses(query: CourseListParams) {
  usePrefetchQuery(coursesQuery(query));
  return useQuery({ ...coursesQuery(query), placeholderData: keepPreviousData });
}
