import { ApiError } from '../../lib/api-client';

export type FieldErrors = Record<string, string[] | undefined>;

/** The first message of a field, for IonInput's errorText. */
export const firstError = (errors: FieldErrors, field: string): string | undefined => errors[field]?.[0];

/** Ionic shows errorText only on an input marked invalid and touched. */
export const invalidClass = (message: string | undefined, extra = '') =>
  [extra, message ? 'ion-invalid ion-touched' : ''].filter(Boolean).join(' ') || undefined;

/** The API's field messages when it sent any, else null. */
export function apiFieldErrors(error: unknown): FieldErrors | null {
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) return error.fieldErrors;
  return null;
}

/** A message fit for a toast. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong, please try again';
