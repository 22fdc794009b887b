import { createHmac } from 'node:crypto';
import type { UserRole } from '@rollbook/shared-types/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db.js';

// The short-lived token EventSource puts in the stream URL (it cannot send headers). It is signed
// with a key derived from the JWT secret, so it is useless as a sign-in token (the auth hook's
// signature check fails) and a sign-in token is useless here; it only opens a notice stream.
const AUDIENCE = 'rollbook-notices';

interface SseClaims {
  sub: string;
  aud: string;
  roles: UserRole[];
  iat: number;
}

/** Who a valid stream token speaks for. */
export interface SseListener {
  userId: number;
  isAdmin: boolean;
  teacherId: number | null;
}

export function sseKey(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('rollbook:notices-sse:v1').digest('base64url');
}

export function signSseToken(app: FastifyInstance, key: string, user: { userId: number; roles: UserRole[] }, lifetimeSeconds: number): string {
  return app.jwt.sign({ sub: String(user.userId), roles: user.roles }, { key, expiresIn: lifetimeSeconds, aud: AUDIENCE });
}

/** Who the token speaks for when it is valid and its user may still sign in; else null. */
export async function verifySseToken(app: FastifyInstance, db: Db, key: string, token: string): Promise<SseListener | null> {
  let claims: SseClaims;
  try {
    claims = app.jwt.verify<SseClaims>(token, { key, allowedAud: AUDIENCE });
  } catch {
    return null;
  }
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) return null;
  const user = await db.selectFrom('users').select(['active', 'tokensValidAfter']).where('userId', '=', userId).executeTakeFirst();
  if (!user || !user.active || claims.iat < Math.floor(user.tokensValidAfter.getTime() / 1000)) return null;
  const roles = Array.isArray(claims.roles) ? claims.roles : [];
  return {
    userId,
    isAdmin: roles.some((r) => r.name === 'CompanyAdmin'),
    teacherId: roles.find((r) => r.name === 'Teacher')?.entityId ?? null,
  };
}
