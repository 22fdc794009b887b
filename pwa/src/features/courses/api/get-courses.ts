import { CourseListResponseSchema } from '@rollbook/shared-types/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export type CourseListParams = Record<string, QueryValue>;

export const getCourses = (query: CourseListParams) => apiRequest('/api/courses/getall', CourseListResponseSchema, { query });

export const useCourses = (query: CourseListParams) =>
  useQuery({ queryKey: [...schedulingKeys.courses, 'list', query], queryFn: () => getCourses(query), placeholderData: keepPreviousData });
