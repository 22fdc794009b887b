import { NoteListSchema } from '@rollbook/shared-types/notes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './query-keys';

export function getNotes(entityTypeId: number, entityId: number, signal?: AbortSignal) {
  return apiRequest('/api/notes/GetNotesByTeacherId', NoteListSchema, { query: { entityTypeId, entityId }, signal });
}

/** GET /api/notes/GetNotesByTeacherId (every entity type, despite the name): newest first. */
export function useNotes(entityTypeId: number, entityId: number) {
  return useQuery({ queryKey: noteKeys.list(entityTypeId, entityId), queryFn: ({ signal }) => getNotes(entityTypeId, entityId, signal) });
}
