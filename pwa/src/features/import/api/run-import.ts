import { ImportResultSchema } from '@rollbook/shared-types/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { csvForm, type ImportInput } from './csv-form';

/** POST /api/import/Run?kind=: imports the whole file, or nothing when a row has a problem. */
export function runImport({ kind, file }: ImportInput) {
  return apiRequest('/api/import/Run', ImportResultSchema, { method: 'POST', query: { kind }, body: csvForm(file) });
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    // An import can touch any list (people, courses, their counts): everything shown is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
