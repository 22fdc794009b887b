import { PersonCourseListSchema } from '@rollbook/shared-types/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export interface TeacherCourseFilters {
  viewStatus: 'current' | 'past' | 'future';
  requiresMarking: boolean;
  searchCriteria: string;
}

export function getTeacherCourses(teacherId: number, filters: TeacherCourseFilters, signal?: AbortSignal) {
  const query = {
    teacherId,
    viewStatus: filters.viewStatus,
    requiresMarking: filters.requiresMarking || undefined,
    searchCriteria: filters.searchCriteria.trim() || undefined,
  };
  return apiRequest('/api/courses/GetCoursesByTeacherId', PersonCourseListSchema, { query, signal });
}

/** GET /api/courses/GetCoursesByTeacherId: the Courses tab. */
export function useTeacherCourses(teacherId: number, filters: TeacherCourseFilters) {
  return useQuery({
    queryKey: teacherKeys.courses(teacherId, filters),
    queryFn: ({ signal }) => getTeacherCourses(teacherId, filters, signal),
    placeholderData: keepPreviousData,
  });
}
