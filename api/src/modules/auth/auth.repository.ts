import type { RoleName } from '@rollbook/shared-types/auth';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

export interface SignInCandidate {
  userId: number;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  active: boolean;
  avatarImage: string | null;
  roles: { name: RoleName; entityId: number | null }[];
}

export async function findUserByUsername(db: Db, username: string): Promise<SignInCandidate | undefined> {
  const user = await db
    .selectFrom('users')
    .leftJoin('avatars', 'avatars.avatarId', 'users.avatarId')
    .select(['users.userId', 'users.username', 'users.passwordHash', 'users.firstName', 'users.lastName', 'users.active', 'avatars.imageName as avatarImage'])
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('userRoles')
    .select(['role', 'entityId'])
    .where('userId', '=', user.userId)
    .orderBy('sortOrder')
    .orderBy('userRoleId')
    .execute();
  return { ...user, roles: roles.map((r) => ({ name: r.role as RoleName, entityId: r.entityId })) };
}
