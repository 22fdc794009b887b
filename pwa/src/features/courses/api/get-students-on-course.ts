import { StudentsOnCourseResponseSchema } from '@rollbook/shared-types/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export interface StudentsOnCourseQuery {
  courseId: number;
  /** 1 Enrolled, 2 Enquired, 3 Waiting; 0 all. */
  statusId: number;
  firstName: string;
  page: number;
}

export const studentsOnCourseKey = (courseId: number) => [...schedulingKeys.courses, 'students', courseId] as const;

export const getStudentsOnCourse = ({ courseId, statusId, firstName, page }: StudentsOnCourseQuery) =>
  apiRequest('/api/students/GetStudentsByCourseId', StudentsOnCourseResponseSchema, {
    query: { id: courseId, statusId: statusId || undefined, firstName: firstName.trim() || undefined, page },
  });

/** Students on a course, 9 a page (spec §9). */
export const useStudentsOnCourse = (query: StudentsOnCourseQuery, enabled = true) =>
  useQuery({
    queryKey: [...studentsOnCourseKey(query.courseId), query],
    queryFn: () => getStudentsOnCourse(query),
    placeholderData: keepPreviousData,
    enabled,
  });
