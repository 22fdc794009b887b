import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it.each([401, 400, 403, 404])('answers a %i with the spec text and marks the fields', (status) => {
    expect(signInErrorMessage(new ApiError(status, 'X', 'server text'))).toEqual({
      message: 'Username or password is incorrect',
      credentialsRejected: true,
    });
  });

  it('passes on the rate-limit message without blaming the password', () => {
    const error = new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many attempts, please wait 60 seconds and try again');
    expect(signInErrorMessage(error)).toEqual({ message: error.message, credentialsRejected: false });
  });

  it('does not blame the password when the server is down or unreachable', () => {
    expect(signInErrorMessage(new ApiError(503, 'HTTP_503', 'Request failed with status 503')).credentialsRejected).toBe(false);
    expect(signInErrorMessage(new TypeError('Failed to fetch')).credentialsRejected).toBe(false);
  });
});
