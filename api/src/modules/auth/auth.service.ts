import { LOGIN_FAILED_MESSAGE, type AuthenticateRequest, type SignedInUser } from '@rollbook/shared-types/auth';
import type { Db } from '../../db/create-db.js';
import { unauthorized } from '../../lib/app-error.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password.js';
import { findUserByUsername } from './auth.repository.js';

export interface TokenIssuer {
  sign(payload: { sub: string; roles: SignedInUser['roles'] }): string;
  /** Seconds a token lives. */
  lifetimeSeconds: number;
}

/**
 * Checks the credentials and issues a token. An unknown user, a wrong password, a disabled user
 * and a user without roles all get the same answer after the same amount of work.
 */
export async function signIn(db: Db, tokens: TokenIssuer, request: AuthenticateRequest): Promise<SignedInUser> {
  const user = await findUserByUsername(db, request.username);
  const passwordOk = await verifyPassword(request.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !passwordOk || !user.active || user.roles.length === 0) {
    throw unauthorized(LOGIN_FAILED_MESSAGE);
  }
  const token = tokens.sign({ sub: String(user.userId), roles: user.roles });
  return {
    token,
    expiresAt: new Date(Date.now() + tokens.lifetimeSeconds * 1000).toISOString(),
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    avatarImage: user.avatarImage,
    entityId: user.roles[0]?.entityId ?? null,
    roles: user.roles,
  };
}
