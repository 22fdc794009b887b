import type { RoleName } from '@rollbook/shared-types/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/create-db.js';
import { seedDemoSchool } from '../../src/seed/demo-school.js';
import { tokenFor } from './factories.js';

/** useTestApp's seed for tests over the demo school at scale 1. */
export const demoSchool = (db: Db) => seedDemoSchool(db, { scale: 1 });

export interface DemoUser {
  userId: number;
  role: RoleName;
  entityId: number | null;
  /** Bearer token for app.inject. */
  token: string;
}

/** The demo school's users of these names (their first role), each with a token. */
export async function demoUsers<Name extends string>(app: FastifyInstance, db: Db, names: readonly Name[]): Promise<Record<Name, DemoUser>> {
  const rows = await db.selectFrom('users').innerJoin('userRoles', 'userRoles.userId', 'users.userId')
    .select(['users.userId', 'users.username', 'userRoles.role', 'userRoles.entityId'])
    .where('users.username', 'in', names).orderBy('userRoles.sortOrder').execute();
  const users = {} as Record<Name, DemoUser>;
  for (const name of names) {
    const row = rows.find((r) => r.username === name);
    if (!row) throw new Error(`demo user ${name} missing`);
    const role = row.role as RoleName;
    users[name] = { userId: row.userId, role, entityId: row.entityId, token: tokenFor(app, row.userId, role, row.entityId) };
  }
  return users;
}
