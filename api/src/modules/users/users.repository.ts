import type { RoleName } from '@rollbook/shared-types/auth';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

export type PersonType = 1 | 2;

/** The student (1) or teacher (2) behind an online-access call, with their linked login if any. */
export async function findPerson(db: Db, type: PersonType, id: number) {
  const base = type === 1
    ? db.selectFrom('students').select(['studentId as id', 'firstName', 'lastName', 'email', 'userId', sql<number | null>`null`.as('avatarId')]).where('studentId', '=', id)
    : db.selectFrom('teachers').select(['teacherId as id', 'firstName', 'lastName', 'email', 'userId', 'avatarId']).where('teacherId', '=', id);
  const person = await base.forUpdate().executeTakeFirst();
  if (!person) return undefined;
  const user = person.userId === null
    ? undefined
    : await db.selectFrom('users').select(['userId', 'username', 'active']).where('userId', '=', person.userId).executeTakeFirst();
  return { ...person, user };
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (await db.selectFrom('users').select('userId').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()) !== undefined;
}

export async function insertUser(
  db: Db,
  user: { username: string; passwordHash: string; firstName: string; lastName: string; email: string | null; avatarId: number | null },
): Promise<number> {
  const { userId } = await db.insertInto('users').values(user).returning('userId').executeTakeFirstOrThrow();
  return userId;
}

export async function linkPerson(db: Db, type: PersonType, id: number, userId: number | null): Promise<void> {
  if (type === 1) await db.updateTable('students').set({ userId }).where('studentId', '=', id).execute();
  else await db.updateTable('teachers').set({ userId }).where('teacherId', '=', id).execute();
}

export async function rolesOf(db: Db, userId: number): Promise<{ name: RoleName; entityId: number | null }[]> {
  const rows = await db.selectFrom('userRoles').select(['role', 'entityId']).where('userId', '=', userId).orderBy('sortOrder').orderBy('userRoleId').execute();
  return rows.map((r) => ({ name: r.role as RoleName, entityId: r.entityId }));
}

export async function addRole(db: Db, userId: number, role: RoleName, entityId: number): Promise<void> {
  const { next } = await db
    .selectFrom('userRoles')
    .select(sql<number>`coalesce(max(sort_order) + 1, 0)::integer`.as('next'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  await db.insertInto('userRoles').values({ userId, role, entityId, sortOrder: next }).execute();
}

export async function removeRole(db: Db, userId: number, role: RoleName): Promise<void> {
  await db.deleteFrom('userRoles').where('userId', '=', userId).where('role', '=', role).execute();
}

// tokens_valid_after is compared with the JWT's iat, which the app stamps from its own clock: set
// it from the same clock, so a token issued right after the change is never refused by clock skew.

/** New password, enabled, and every token issued before now refused. */
export async function setPassword(db: Db, userId: number, passwordHash: string, options: { enable?: boolean } = {}): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwordHash, tokensValidAfter: new Date(), updatedAt: sql<Date>`now()`, ...(options.enable ? { active: true } : {}) })
    .where('userId', '=', userId)
    .execute();
}

export async function disableUser(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ active: false, tokensValidAfter: new Date(), updatedAt: sql<Date>`now()` }).where('userId', '=', userId).execute();
}

export async function endSessions(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ tokensValidAfter: new Date() }).where('userId', '=', userId).execute();
}

/**
 * The enabled login an address belongs to, for password reset: the one whose username is the
 * address, else the only one with that e-mail. Several logins sharing an e-mail get nothing
 * rather than a guess.
 */
export async function findUserForReset(db: Db, email: string): Promise<{ userId: number } | undefined> {
  const e = email.toLowerCase();
  const byUsername = await db.selectFrom('users').select('userId').where('active', '=', true).where(sql`lower(username)`, '=', e).executeTakeFirst();
  if (byUsername) return byUsername;
  const byEmail = await db.selectFrom('users').select('userId').where('active', '=', true).where(sql`lower(email)`, '=', e).limit(2).execute();
  return byEmail.length === 1 ? byEmail[0] : undefined;
}
