import type { TeacherFilters } from './get-teachers';
import type { TeacherCourseFilters } from './get-teacher-courses';

/** TanStack Query keys of the teachers feature. */
export const teacherKeys = {
  all: ['teachers'] as const,
  lists: () => [...teacherKeys.all, 'list'] as const,
  list: (filters: TeacherFilters) => [...teacherKeys.lists(), filters] as const,
  detail: (teacherId: number) => [...teacherKeys.all, 'detail', teacherId] as const,
  courses: (teacherId: number, filters: TeacherCourseFilters) => [...teacherKeys.all, 'courses', teacherId, filters] as const,
  subjects: () => [...teacherKeys.all, 'lookup', 'subjects'] as const,
  avatars: () => [...teacherKeys.all, 'lookup', 'avatars'] as const,
  nationalities: () => [...teacherKeys.all, 'lookup', 'nationalities'] as const,
};
