import { NoteListSchema } from '@rollbook/shared-types/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './query-keys';

export function deleteNote(noteId: number) {
  return apiRequest('/api/notes/deletenotebyid', NoteListSchema, { query: { id: noteId } });
}

/** GET /api/notes/deletenotebyid (type 3 only): answers the entity's remaining notes, which replace the list. */
export function useDeleteNote(entityTypeId: number, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (remaining) => queryClient.setQueryData(noteKeys.list(entityTypeId, entityId), remaining),
  });
}
