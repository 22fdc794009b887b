import fastifyJwt from '@fastify/jwt';
import type { RoleName, UserRole } from '@rollbook/shared-types/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/create-db.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
// For app.notifications' type (the cluster plugin decorates the app before this one runs).
import type {} from './cluster.js';
import { UserStateCache } from './user-state-cache.js';

/** Who is calling, as the token says and the database still agrees. */
export interface Principal {
  userId: number;
  roles: UserRole[];
  isAdmin: boolean;
  /** Set when the caller has the Teacher role. */
  teacherId: number | null;
  /** Set when the caller has the Student role. */
  studentId: number | null;
}

interface JwtPayload {
  sub: string;
  roles: UserRole[];
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtPayload;
    user: JwtPayload & { iat: number; exp: number };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (sign-in, version, sign-up lookup, password reset). */
    public?: boolean;
    /** Roles allowed to call the route. A protected route without roles is refused to everyone. */
    roles?: readonly RoleName[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    signToken(payload: JwtPayload): string;
  }
}

export const ALL_ROLES: readonly RoleName[] = ['CompanyAdmin', 'Teacher', 'Student'];
export const ADMIN: readonly RoleName[] = ['CompanyAdmin'];
export const ADMIN_OR_TEACHER: readonly RoleName[] = ['CompanyAdmin', 'Teacher'];

/** What a user with these roles may act as (the token's roles, or the database's where there is no token). */
export function principalFromRoles(userId: number, roles: UserRole[]): Principal {
  return {
    userId,
    roles,
    isAdmin: roles.some((r) => r.name === 'CompanyAdmin'),
    teacherId: roles.find((r) => r.name === 'Teacher')?.entityId ?? null,
    studentId: roles.find((r) => r.name === 'Student')?.entityId ?? null,
  };
}

/** The principal of a route that is not public: always set once the auth hook has run. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string; expiresInSeconds: number; db: Db }) => {
  // Verified tokens are kept (fast-jwt's LRU of 1,000, keyed by the token's SHA-256): checking a
  // token's HMAC and decoding it was 6% of the server's CPU on a short read such as the dashboard
  // counts, for the same token on every call. A kept result cannot be wrong: it depends only on the
  // token and the secret, and is kept no later than the token's expiry (failures are never kept).
  // Whether the user may still use it is asked of the user-state cache on every call, as before.
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresInSeconds }, verify: { cache: true } });
  app.decorate('signToken', (payload: JwtPayload) => app.jwt.sign(payload));
  app.decorateRequest('principal', null);

  const userStates = new UserStateCache(opts.db, app.notifications);
  await userStates.follow();
  app.decorate('forgetUserState', (userId: number) => userStates.forget(userId));

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.toLowerCase().startsWith('/api/')) return;
    if (config.public || request.is404) return;
    let claims: JwtPayload & { iat: number; exp: number };
    try {
      claims = await request.jwtVerify();
    } catch {
      throw unauthorized('Your session has expired or is not valid, please sign in');
    }
    const userId = Number(claims.sub);
    const state = Number.isInteger(userId) ? await userStates.get(userId) : null;
    if (!state || !state.active || claims.iat < state.tokensValidAfterSeconds) {
      throw unauthorized('Your session has expired or is not valid, please sign in');
    }
    request.principal = principalFromRoles(userId, claims.roles);
    const allowed = config.roles ?? [];
    if (!claims.roles.some((r) => allowed.includes(r.name))) throw forbidden();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop the cached state of a user whose sessions were just ended. */
    forgetUserState(userId: number): void;
  }
}
