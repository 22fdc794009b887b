import type { StudentFilters } from './get-students';

/** TanStack Query keys of the students feature. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (filters: StudentFilters) => [...studentKeys.lists(), filters] as const,
  detail: (studentId: number) => [...studentKeys.all, 'detail', studentId] as const,
  courses: (studentId: number) => [...studentKeys.all, 'courses', studentId] as const,
  companies: () => [...studentKeys.all, 'lookup', 'companies'] as const,
  nationalities: () => [...studentKeys.all, 'lookup', 'nationalities'] as const,
};
