import { RoleNameSchema, type RoleName, type SignedInUser } from '@rollbook/shared-types/auth';

/** The first role decides the user's home, menu and profile page; names match case-insensitively. */
export function primaryRole(user: Pick<SignedInUser, 'roles'> | null): RoleName | null {
  const name = user?.roles[0]?.name;
  if (typeof name !== 'string') return null;
  return RoleNameSchema.options.find((role) => role.toLowerCase() === name.toLowerCase()) ?? null;
}

/**
 * Teachers and students keep a copy of their data on the phone (and queue their changes there), so
 * only they load the offline engine; other roles work online.
 */
export function keepsOfflineCopy(user: Pick<SignedInUser, 'roles'> | null): boolean {
  const role = primaryRole(user);
  return role === 'Teacher' || role === 'Student';
}
