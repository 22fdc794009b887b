import { StudentListResponseSchema } from '@rollbook/shared-types/students';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Students by name, for adding to a course. */
export const searchStudents = (name: string) =>
  apiRequest('/api/students/getall', StudentListResponseSchema, { query: { name: name.trim() || undefined, statusId: -1, page: 1 } });

export const useStudentSearch = (name: string, enabled: boolean) =>
  useQuery({ queryKey: ['students', 'course-picker', name.trim()], queryFn: () => searchStudents(name), enabled, placeholderData: keepPreviousData });
