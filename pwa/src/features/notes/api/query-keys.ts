import type { QueryValue } from '../../../lib/api-client';

/** TanStack Query keys of the notes feature. */
export const noteKeys = {
  all: ['notes'] as const,
  list: (entityTypeId: number, entityId: number) => [...noteKeys.all, entityTypeId, entityId] as const,
  /** One page of an entity's notes, keyed by the whole request (under `list`, so saving one refreshes every page). */
  page: (entityTypeId: number, entityId: number, query: Record<string, QueryValue>) => [...noteKeys.list(entityTypeId, entityId), 'page', query] as const,
};
