import { ClosurePreviewSchema, type ClosureUpsertRequest } from '@rollbook/shared-types/closures';
import { apiRequest } from '../../../lib/api-client';

/** The classes on a closure's dates, before anything is saved. */
export const previewClosure = (body: ClosureUpsertRequest) => apiRequest('/api/closures/preview', ClosurePreviewSchema, { method: 'POST', body });
