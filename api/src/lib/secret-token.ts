import { createHash, randomBytes } from 'node:crypto';

// Credentials that travel where a sign-in header cannot (a calendar app's feed URL, EventSource's
// ?ticket=): 32 random bytes as base64url (43 characters), shown to their holder once and stored
// only as their SHA-256, so the table leaking opens nothing. Never a JWT: nothing in one can be
// read or forged.

export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const secretTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
