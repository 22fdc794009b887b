import type { RoleName } from '@rollbook/shared-types/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/create-db.js';
import { hashPassword } from '../../src/lib/password.js';

const hashes = new Map<string, Promise<string>>();
/** scrypt is deliberately slow: hash each test password once per file. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let counter = 0;
/** A name no other row of the run has: tests (and access-matrix callers) never share a target by accident. */
export const unique = (prefix: string) => `${prefix}${++counter}_${Math.random().toString(36).slice(2, 7)}`;

export async function createUser(
  db: Db,
  options: { username?: string; password?: string; roles?: { name: RoleName; entityId: number | null }[]; active?: boolean } = {},
) {
  const username = options.username ?? unique('user');
  const password = options.password ?? 'password123';
  const { userId } = await db
    .insertInto('users')
    .values({ username, passwordHash: await cachedHash(password), firstName: 'Test', lastName: username, active: options.active ?? true })
    .returning('userId')
    .executeTakeFirstOrThrow();
  const roles = options.roles ?? [{ name: 'CompanyAdmin', entityId: null }];
  if (roles.length > 0) {
    await db.insertInto('userRoles').values(roles.map((r, i) => ({ userId, role: r.name, entityId: r.entityId, sortOrder: i }))).execute();
  }
  return { userId, username, password };
}

/** A teacher with an e-mail of their own unless `email` is given (null: none). */
export async function createTeacher(db: Db, values: { firstName?: string; lastName?: string; email?: string | null; active?: boolean } = {}) {
  return db
    .insertInto('teachers')
    .values({
      firstName: values.firstName ?? 'Tess',
      lastName: values.lastName ?? unique('Teacher'),
      email: values.email === undefined ? `${unique('t')}@example.test` : values.email,
      active: values.active ?? true,
    })
    .returning(['teacherId', 'firstName', 'lastName', 'email'])
    .executeTakeFirstOrThrow();
}

/** A student with an e-mail of their own unless `email` is given (null: none). */
export async function createStudent(
  db: Db,
  values: { firstName?: string; lastName?: string; email?: string | null; companyId?: number | null; userId?: number | null } = {},
) {
  return db
    .insertInto('students')
    .values({
      firstName: values.firstName ?? 'Sam',
      lastName: values.lastName ?? unique('Student'),
      email: values.email === undefined ? `${unique('s')}@example.test` : values.email,
      companyId: values.companyId ?? null,
      userId: values.userId ?? null,
    })
    .returning(['studentId', 'firstName', 'lastName', 'email'])
    .executeTakeFirstOrThrow();
}

/** A user with the one role, linked from the teacher's or student's record as signing up links it. */
export async function createLogin(db: Db, role: RoleName, entityId: number | null, options: { username?: string; password?: string } = {}) {
  const user = await createUser(db, { roles: [{ name: role, entityId }], ...options });
  if (role === 'Teacher' && entityId !== null) await db.updateTable('teachers').set({ userId: user.userId }).where('teacherId', '=', entityId).execute();
  if (role === 'Student' && entityId !== null) await db.updateTable('students').set({ userId: user.userId }).where('studentId', '=', entityId).execute();
  return user;
}

/** A signed bearer token for a principal built straight from roles (no password round trip). */
export function tokenFor(app: FastifyInstance, userId: number, role: RoleName, entityId: number | null): string {
  return app.signToken({ sub: String(userId), roles: [{ name: role, entityId }] });
}
