import { SubjectListSchema } from '@rollbook/shared-types/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teacherKeys } from './query-keys';

export function getSubjects(signal?: AbortSignal) {
  return apiRequest('/api/subjects/GetAll', SubjectListSchema, { signal });
}

/** GET /api/subjects/GetAll: the subjects checklist, with their colours. */
export function useSubjects() {
  return useQuery({ queryKey: teacherKeys.subjects(), queryFn: ({ signal }) => getSubjects(signal), staleTime: 60 * 60_000 });
}
