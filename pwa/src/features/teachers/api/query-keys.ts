/** TanStack Query keys of the teachers feature. Filters stay generic so this file imports none of the operations that use it. */
export const teacherKeys = {
  all: ['teachers'] as const,
  lists: () => [...teacherKeys.all, 'list'] as const,
  list: <Filters extends object>(filters: Filters) => [...teacherKeys.lists(), filters] as const,
  detail: (teacherId: number) => [...teacherKeys.all, 'detail', teacherId] as const,
  courses: <Filters extends object>(teacherId: number, filters: Filters) => [...teacherKeys.all, 'courses', teacherId, filters] as const,
  subjects: () => [...teacherKeys.all, 'lookup', 'subjects'] as const,
  avatars: () => [...teacherKeys.all, 'lookup', 'avatars'] as const,
  nationalities: () => [...teacherKeys.all, 'lookup', 'nationalities'] as const,
};
