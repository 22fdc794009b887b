import { CourseTypeListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { LOOKUP_STALE_MS, schedulingKeys } from './lookup-keys';

export const getCourseTypes = () => apiRequest('/api/courseTypes/getall', CourseTypeListSchema);

export const useCourseTypes = () => useQuery({ queryKey: schedulingKeys.lookups('course-types'), queryFn: getCourseTypes, staleTime: LOOKUP_STALE_MS });
