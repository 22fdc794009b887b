import { PersonCourseListSchema } from '@rollbook/shared-types/courses';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function getStudentCourses(studentId: number, signal?: AbortSignal) {
  return apiRequest('/api/courses/GetCoursesByStudentId', PersonCourseListSchema, { query: { studentId }, signal });
}

/** GET /api/courses/GetCoursesByStudentId: every course the student has attended or is on. */
export function useStudentCourses(studentId: number) {
  return useQuery({ queryKey: studentKeys.courses(studentId), queryFn: ({ signal }) => getStudentCourses(studentId, signal) });
}
