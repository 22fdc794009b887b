import type { QueryValue } from '../../../lib/api-client';

/** TanStack Query keys of the documents feature. */
export const fileKeys = {
  all: ['files'] as const,
  list: (ownerType: number, ownerId: number) => [...fileKeys.all, ownerType, ownerId] as const,
  /** One page of an owner's files, keyed by the whole request (under `list`, so an upload refreshes every page). */
  page: (ownerType: number, ownerId: number, query: Record<string, QueryValue>) => [...fileKeys.list(ownerType, ownerId), 'page', query] as const,
};
