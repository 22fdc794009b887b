/** TanStack Query keys of the documents feature. */
export const fileKeys = {
  all: ['files'] as const,
  list: (ownerType: number, ownerId: number) => [...fileKeys.all, ownerType, ownerId] as const,
};
