import { ClassChangeEmailsSchema, type ClassChangeEmails } from '@rollbook/shared-types/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { profileKeys } from './query-keys';

export function updateClassChangeEmails(request: ClassChangeEmails) {
  return apiRequest('/api/users/UpdateClassChangeEmails', ClassChangeEmailsSchema, { method: 'POST', body: request });
}

/** POST /api/users/UpdateClassChangeEmails: the student turns class-change e-mails on or off. */
export function useUpdateClassChangeEmails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClassChangeEmails, onSuccess: (answer) => putQueryAnswer(queryClient, profileKeys.classChangeEmails(), answer) });
}
