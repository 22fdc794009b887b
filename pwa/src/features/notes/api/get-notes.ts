import { NotePageSchema } from '@rollbook/shared-types/notes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { noteKeys } from './query-keys';

export function getNotePage(entityTypeId: number, entityId: number, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest('/api/notes/GetNotesByTeacherId', NotePageSchema, { query: { entityTypeId, entityId, ...query }, signal });
}

/**
 * GET /api/notes/GetNotesByTeacherId (every entity type, despite the name) with page and pageSize:
 * one page of an entity's notes. The entity's previous page stays up (busy) while the next loads;
 * another entity's never does.
 */
export function useNotePage(entityTypeId: number, entityId: number, query: Record<string, QueryValue>) {
  const owner = noteKeys.list(entityTypeId, entityId);
  return useQuery({
    queryKey: noteKeys.page(entityTypeId, entityId, query),
    queryFn: ({ signal }) => getNotePage(entityTypeId, entityId, query, signal),
    placeholderData: (previous, previousQuery) => (previousQuery && sameOwner(previousQuery.queryKey, owner) ? keepPreviousData(previous) : undefined),
  });
}

const sameOwner = (key: readonly unknown[], owner: readonly unknown[]) => owner.every((part, i) => key[i] === part);
