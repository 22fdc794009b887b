import fastifyJwt from '@fastify/jwt';
import type { RoleName, UserRole } from '@rollbook/shared-types/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/create-db.js';
import { forbidden, unauthorized } from '../lib/app-error.js';

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

/** The principal of a route that is not public: always set once the auth hook has run. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

interface UserState {
  active: boolean;
  tokensValidAfterSeconds: number;
  loadedAt: number;
}

// A token stays usable only while its user exists, is active and has not had its sessions ended
// (password changed, access removed). That is looked up, briefly cached so a busy phone's burst of
// calls costs one query.
const USER_STATE_TTL_MS = 5_000;

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string; expiresInSeconds: number; db: Db }) => {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresInSeconds } });
  app.decorate('signToken', (payload: JwtPayload) => app.jwt.sign(payload));
  app.decorateRequest('principal', null);

  const cache = new Map<number, UserState>();
  async function userState(userId: number): Promise<UserState | null> {
    const hit = cache.get(userId);
    if (hit && Date.now() - hit.loadedAt < USER_STATE_TTL_MS) return hit;
    const row = await opts.db
      .selectFrom('users')
      .select(['active', 'tokensValidAfter'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) {
      cache.delete(userId);
      return null;
    }
    const state = { active: row.active, tokensValidAfterSeconds: Math.floor(row.tokensValidAfter.getTime() / 1000), loadedAt: Date.now() };
    if (cache.size > 10_000) cache.clear();
    cache.set(userId, state);
    return state;
  }
  app.decorate('forgetUserState', (userId: number) => cache.delete(userId));

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
    const state = Number.isInteger(userId) ? await userState(userId) : null;
    if (!state || !state.active || claims.iat < state.tokensValidAfterSeconds) {
      throw unauthorized('Your session has expired or is not valid, please sign in');
    }
    const roles = claims.roles;
    request.principal = {
      userId,
      roles,
      isAdmin: roles.some((r) => r.name === 'CompanyAdmin'),
      teacherId: roles.find((r) => r.name === 'Teacher')?.entityId ?? null,
      studentId: roles.find((r) => r.name === 'Student')?.entityId ?? null,
    };
    const allowed = config.roles ?? [];
    if (!roles.some((r) => allowed.includes(r.name))) throw forbidden();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop the cached state of a user whose sessions were just ended. */
    forgetUserState(userId: number): void;
  }
}
