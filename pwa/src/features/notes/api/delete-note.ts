import { NotePageSchema } from '@rollbook/shared-types/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { noteKeys } from './query-keys';

export function deleteNote(noteId: number, page: Record<string, QueryValue>) {
  return apiRequest('/api/notes/deletenotebyid', NotePageSchema, { query: { id: noteId, ...page } });
}

/**
 * GET /api/notes/deletenotebyid (type 3 only) asking for the page on screen: the answer replaces
 * that page, and the entity's other pages are read again when next shown.
 */
export function useDeleteNote(entityTypeId: number, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, page }: { noteId: number; page: Record<string, QueryValue> }) => deleteNote(noteId, page),
    onSuccess: async (answer, { page }) => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.list(entityTypeId, entityId), refetchType: 'none' });
      await putQueryAnswer(queryClient, noteKeys.page(entityTypeId, entityId, page), answer);
    },
  });
}
