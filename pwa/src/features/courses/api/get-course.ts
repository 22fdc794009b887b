import { CourseDetailSchema } from '@rollbook/shared-types/courses';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const courseKey = (courseId: number) => [...schedulingKeys.courses, 'detail', courseId] as const;

export const getCourse = (courseId: number) => apiRequest('/api/courses/GetById', CourseDetailSchema, { query: { id: courseId } });

export const useCourse = (courseId: number | null) =>
  useQuery({ queryKey: courseKey(courseId ?? 0), queryFn: () => getCourse(courseId as number), enabled: courseId !== null });
