import { randomUUID } from 'node:crypto';
import type { AccessCase, AccessContext } from './access-case.js';
import { onlyFor } from './access-case.js';

// Offline sync. Pull: teachers and students, each their own window (admins use
// the site and have no phone window: 403). Push: teachers only. The problem list: admins.
// Every call uses a fresh clientId, so each caller binds its own installation.

/** A change the server does not know: answered 'rejected' and recorded, touching no school data. */
const harmless = () => ({ mutationId: randomUUID(), seq: 1, name: 'noSuchChange', args: {}, baseVersion: 0, madeAt: new Date().toISOString() });

/** An installation already bound to the admin: nobody else may push or pull with it. */
async function adminsClient(ctx: AccessContext): Promise<string> {
  const clientId = randomUUID();
  await ctx.db.insertInto('syncClients').values({ clientId, userId: ctx.adminUserId }).execute();
  return clientId;
}

export const cases: AccessCase[] = [
  {
    method: 'GET',
    route: '/api/sync/pull',
    request: () => ({ url: `/api/sync/pull?clientId=${randomUUID()}` }),
    expect: onlyFor('teacher', 'teacher2', 'student'),
  },
  {
    method: 'GET',
    route: '/api/sync/pull',
    label: "another user's installation",
    request: async (ctx) => ({ url: `/api/sync/pull?clientId=${await adminsClient(ctx)}` }),
    expect: { admin: 403, teacher: 403, teacher2: 403, student: 403 },
  },
  {
    method: 'POST',
    route: '/api/sync/push',
    request: () => ({ url: '/api/sync/push', payload: { clientId: randomUUID(), mutations: [harmless()] } }),
    expect: onlyFor('teacher', 'teacher2'),
  },
  {
    method: 'POST',
    route: '/api/sync/push',
    label: "another user's installation",
    request: async (ctx) => ({ url: '/api/sync/push', payload: { clientId: await adminsClient(ctx), mutations: [harmless()] } }),
    expect: { admin: 403, teacher: 403, teacher2: 403, student: 403 },
  },
  {
    method: 'GET',
    route: '/api/sync/problems',
    request: () => ({ url: '/api/sync/problems?page=1&pageSize=20' }),
    expect: onlyFor('admin'),
  },
];
