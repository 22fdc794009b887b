import { ImportPreviewSchema } from '@rollbook/shared-types/import';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { csvForm, type ImportInput } from './csv-form';

/** POST /api/import/Preview?kind=: every row of the file with its problems; nothing is written. */
export function previewImport({ kind, file }: ImportInput) {
  return apiRequest('/api/import/Preview', ImportPreviewSchema, { method: 'POST', query: { kind }, body: csvForm(file) });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
