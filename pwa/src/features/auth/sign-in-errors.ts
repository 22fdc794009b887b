import { LOGIN_FAILED_MESSAGE } from '@rollbook/shared-types/auth';
import { ApiError } from '../../lib/api-client';

const UNAVAILABLE_MESSAGE = 'Sign-in is unavailable at the moment, please try again';

/**
 * The spec answers every refused sign-in with one message (no hint whether the
 * username exists). Outages and rate limiting are not a wrong password, so
 * those keep the server's own message.
 */
export function signInErrorMessage(error: unknown): { message: string; credentialsRejected: boolean } {
  if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
    return { message: LOGIN_FAILED_MESSAGE, credentialsRejected: true };
  }
  if (error instanceof ApiError) return { message: error.message, credentialsRejected: false };
  return { message: UNAVAILABLE_MESSAGE, credentialsRejected: false };
}
