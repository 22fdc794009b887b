import { ClassChangeEmailsSchema } from '@rollbook/shared-types/profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

export function getClassChangeEmails(signal?: AbortSignal) {
  return apiRequest('/api/users/GetClassChangeEmails', ClassChangeEmailsSchema, { signal });
}

/** GET /api/users/GetClassChangeEmails: whether the signed-in student is e-mailed when a class moves (students only). */
export function useClassChangeEmails() {
  return useQuery({ queryKey: profileKeys.classChangeEmails(), queryFn: ({ signal }) => getClassChangeEmails(signal) });
}
