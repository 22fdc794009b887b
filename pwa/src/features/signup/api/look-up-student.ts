import { SignupLookupSchema } from '@rollbook/shared-types/signup';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/signup/GetStudentByEmail (public): is this a student's address, and do they have a login? */
export function lookUpStudent(email: string) {
  return apiRequest('/api/signup/GetStudentByEmail', SignupLookupSchema, { query: { email }, auth: false });
}

export function useLookUpStudent() {
  return useMutation({ mutationFn: lookUpStudent });
}
