import { NoteSchema, type SaveNoteRequest } from '@rollbook/shared-types/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './query-keys';

export function saveNote(note: SaveNoteRequest) {
  return apiRequest('/api/notes/savenote', NoteSchema, { method: 'POST', body: note });
}

/** POST /api/notes/savenote; the entity's notes are read again afterwards. */
export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNote,
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: noteKeys.list(saved.entityTypeId, saved.entityId) }),
  });
}
