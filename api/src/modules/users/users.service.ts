import type { RoleName } from '@rollbook/shared-types/auth';
import { PASSWORD_MIN_LENGTH } from '@rollbook/shared-types/people';
import { SIGNUP_MESSAGES } from '@rollbook/shared-types/signup';
import { ACCESS_REMOVED_MESSAGE, RESET_SUCCESS, RESET_WRONG_CODE, USER_MESSAGES, type RegisterUserResponse } from '@rollbook/shared-types/users';
import type { Db } from '../../db/create-db.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { generatePassword, hashPassword } from '../../lib/password.js';
import {
  addRole,
  disableUser,
  endSessions,
  findPerson,
  findUserForReset,
  insertUser,
  linkPerson,
  removeRole,
  rolesOf,
  setPassword,
  usernameTaken,
  type PersonType,
} from './users.repository.js';
import type { VerificationCodes } from './verification-codes.js';

const roleOf = (type: PersonType): RoleName => (type === 1 ? 'Student' : 'Teacher');
const notFoundFor = (type: PersonType) => notFound(type === 1 ? 'Student not found' : 'Teacher not found');

/** first.last in plain lower-case letters and digits ("José Núñez" → "jose.nunez"). */
function slug(firstName: string, lastName: string): string {
  const part = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
  return [part(firstName), part(lastName)].filter(Boolean).join('.') || 'user';
}

/** The person's e-mail when no login uses it yet, else first.last, first.last2 … */
export async function chooseUsername(db: Db, person: { email: string | null; firstName: string; lastName: string }): Promise<string> {
  if (person.email && !(await usernameTaken(db, person.email))) return person.email;
  const base = slug(person.firstName, person.lastName);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
}

/**
 * Grants online access: a login with the Teacher or Student role for that person, linked from
 * their record. A teacher always gets a generated password, answered once and never stored in
 * clear; a student gets the admin's password when one is given, else a generated one. A login that
 * was removed earlier is enabled again with the new password.
 */
export async function registerUser(
  db: Db,
  input: { type: PersonType; id: number; password?: string | null },
): Promise<RegisterUserResponse> {
  const chosen = input.type === 1 && input.password ? input.password : null;
  if (input.type === 1 && input.password !== undefined && input.password !== null) {
    if (input.password === '') throw badRequest(SIGNUP_MESSAGES.passwordEmpty, { password: [SIGNUP_MESSAGES.passwordEmpty] });
    if (input.password.length < PASSWORD_MIN_LENGTH) throw badRequest(SIGNUP_MESSAGES.passwordShort, { password: [SIGNUP_MESSAGES.passwordShort] });
  }
  const generated = chosen === null ? generatePassword() : null;
  const passwordHash = await hashPassword(chosen ?? (generated as string));

  return db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, input.type, input.id);
    if (!person) throw notFoundFor(input.type);
    if (person.user?.active) throw conflict(USER_MESSAGES.alreadyHasLogin);
    const role = roleOf(input.type);

    if (person.user) {
      await setPassword(trx, person.user.userId, passwordHash, { enable: true });
      const roles = await rolesOf(trx, person.user.userId);
      if (!roles.some((r) => r.name === role)) await addRole(trx, person.user.userId, role, input.id);
      return { userId: person.user.userId, username: person.user.username, password: generated };
    }

    const username = await chooseUsername(trx, person);
    const userId = await insertUser(trx, {
      username, passwordHash, firstName: person.firstName, lastName: person.lastName, email: person.email, avatarId: person.avatarId,
    });
    await addRole(trx, userId, role, input.id);
    await linkPerson(trx, input.type, input.id, userId);
    return { userId, username, password: generated };
  });
}

/**
 * Removes online access and ends the person's sessions at once. A login that holds only this role
 * is disabled (kept, so "marked by" and "written by" history still names its owner); a login with
 * other roles too (an admin who also teaches) loses just this role and the link.
 */
export async function deleteUser(db: Db, input: { type: PersonType; id: number }, forgetUser: (userId: number) => void) {
  const userId = await db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, input.type, input.id);
    if (!person) throw notFoundFor(input.type);
    if (!person.user) return null;
    const role = roleOf(input.type);
    const others = (await rolesOf(trx, person.user.userId)).filter((r) => r.name !== role);
    if (others.length > 0) {
      await removeRole(trx, person.user.userId, role);
      await linkPerson(trx, input.type, input.id, null);
      await endSessions(trx, person.user.userId);
    } else {
      await disableUser(trx, person.user.userId);
    }
    return person.user.userId;
  });
  if (userId !== null) forgetUser(userId);
  return { hasLogin: false as const, message: ACCESS_REMOVED_MESSAGE };
}

/**
 * E-mails a reset code when the address belongs to an enabled login. The answer is the same either
 * way, and the mail goes out after the answer so its timing tells nothing either.
 */
export async function requestPasswordReset(
  db: Db,
  deps: { codes: VerificationCodes; mailer: Mailer; onMailError: (err: unknown) => void },
  email: string,
): Promise<{ message: string }> {
  const user = await findUserForReset(db, email);
  if (user) {
    const code = await deps.codes.issue(db, 'password_reset', email, { userId: user.userId });
    void deps.mailer
      .send(
        {
          to: email,
          subject: 'Your Rollbook password reset code',
          text: `Your password reset code is: ${code}\n\nIt is valid for 30 minutes and can be used once.\nIf you did not ask to reset your password, you can ignore this e-mail.\n`,
        },
        { devHint: `password reset code ${code}` },
      )
      .catch(deps.onMailError);
  }
  return { message: USER_MESSAGES.resetRequested };
}

/** 1: the password is changed and every earlier session ended; 2: wrong, expired, used or locked code. */
export async function resetPassword(
  db: Db,
  deps: { codes: VerificationCodes; forgetUser: (userId: number) => void },
  input: { email: string; code: string; password: string },
): Promise<1 | 2> {
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction().execute(async (trx) => {
    const owner = await deps.codes.consume(trx, 'password_reset', input.email, input.code);
    if (!owner?.userId) return null;
    await setPassword(trx, owner.userId, passwordHash);
    return owner.userId;
  });
  if (userId === null) return RESET_WRONG_CODE;
  deps.forgetUser(userId);
  return RESET_SUCCESS;
}
