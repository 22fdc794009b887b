/** TanStack Query keys of the students feature. Filters stay generic so this file imports none of the operations that use it. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: <Filters extends object>(filters: Filters) => [...studentKeys.lists(), filters] as const,
  detail: (studentId: number) => [...studentKeys.all, 'detail', studentId] as const,
  courses: (studentId: number) => [...studentKeys.all, 'courses', studentId] as const,
  companies: () => [...studentKeys.all, 'lookup', 'companies'] as const,
  nationalities: () => [...studentKeys.all, 'lookup', 'nationalities'] as const,
};
