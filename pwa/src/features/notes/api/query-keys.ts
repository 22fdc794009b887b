/** TanStack Query keys of the notes feature. */
export const noteKeys = {
  all: ['notes'] as const,
  list: (entityTypeId: number, entityId: number) => [...noteKeys.all, entityTypeId, entityId] as const,
};
