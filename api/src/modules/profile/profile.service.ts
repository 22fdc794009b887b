import type { GdprConsentItem } from '@rollbook/shared-types/people';
import { PROFILE_MESSAGES, type ClassChangeEmails, type Profile, type UpdatePasswordResponse } from '@rollbook/shared-types/profile';
import type { Db } from '../../db/create-db.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Principal } from '../../plugins/auth.js';
import { classChangeEmailsOf, setClassChangeEmails } from '../students/students.repository.js';
import { rolesOf, setPassword } from '../users/users.repository.js';
import { consentsOfUser, consentTypeExists, setConsent } from './consents.repository.js';
import { findProfile, findUserIdByLogin, updateProfile } from './profile.repository.js';

// Everything here acts on the caller's own login. The spec's calls name the user (UserName, login);
// a name other than the caller's own is refused rather than trusted.

async function ownProfile(db: Db, principal: Principal) {
  const user = await findProfile(db, principal.userId);
  if (!user) throw notFound('User not found');
  return user;
}

function assertOwnUserName(actual: string, given: string): void {
  if (actual.toLowerCase() !== given.trim().toLowerCase()) throw forbidden(PROFILE_MESSAGES.notYours);
}

export async function getProfile(db: Db, principal: Principal): Promise<Profile> {
  const { userName, firstName, lastName, email } = await ownProfile(db, principal);
  return { userName, firstName, lastName, email };
}

/** Names and e-mail of the login (the student or teacher record the school keeps is not changed). */
export async function changeProfile(db: Db, principal: Principal, input: { userName: string; firstName: string; lastName: string; email: string }): Promise<Profile> {
  const user = await ownProfile(db, principal);
  assertOwnUserName(user.userName, input.userName);
  await updateProfile(db, user.userId, { firstName: input.firstName, lastName: input.lastName, email: input.email });
  return getProfile(db, principal);
}

export interface FreshToken {
  sign(payload: { sub: string; roles: { name: 'CompanyAdmin' | 'Teacher' | 'Student'; entityId: number | null }[] }): string;
  lifetimeSeconds: number;
}

/**
 * A wrong current password is { isValid: false } (the spec's answer). On success every session that
 * existed ends (tokens_valid_after) and a fresh token keeps the caller signed in.
 */
export async function changePassword(
  db: Db,
  deps: { tokens: FreshToken; forgetUser: (userId: number) => void },
  principal: Principal,
  input: { userName: string; oldPassword: string; newPassword: string },
): Promise<UpdatePasswordResponse> {
  const user = await ownProfile(db, principal);
  assertOwnUserName(user.userName, input.userName);
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) return { isValid: false };
  const passwordHash = await hashPassword(input.newPassword);
  await setPassword(db, user.userId, passwordHash);
  deps.forgetUser(user.userId);
  const roles = await rolesOf(db, user.userId);
  const token = deps.tokens.sign({ sub: String(user.userId), roles });
  return { isValid: true, token, expiresAt: new Date(Date.now() + deps.tokens.lifetimeSeconds * 1000).toISOString() };
}

export async function myConsents(db: Db, principal: Principal): Promise<GdprConsentItem[]> {
  return consentsOfUser(db, principal.userId);
}

/** An admin may read anyone's consents by login; everyone else only their own (another's is the same 404 as an unknown one). */
export async function consentsByLogin(db: Db, principal: Principal, login: string): Promise<GdprConsentItem[]> {
  const userId = await findUserIdByLogin(db, login);
  if (userId === undefined || (!principal.isAdmin && userId !== principal.userId)) throw notFound('User not found');
  return consentsOfUser(db, userId);
}

export async function changeConsent(db: Db, principal: Principal, code: string, value: boolean): Promise<GdprConsentItem[]> {
  const normalised = code.trim().toUpperCase();
  if (!(await consentTypeExists(db, normalised))) throw badRequest(PROFILE_MESSAGES.unknownConsent, { GDPRCode: [PROFILE_MESSAGES.unknownConsent] });
  await setConsent(db, principal.userId, normalised, value);
  return consentsOfUser(db, principal.userId);
}

/** The signed-in student's own record: the only one whose class-change e-mails they may read or set. */
function ownStudentId(principal: Principal): number {
  if (principal.studentId === null) throw forbidden(PROFILE_MESSAGES.notAStudent);
  return principal.studentId;
}

export async function myClassChangeEmails(db: Db, principal: Principal): Promise<ClassChangeEmails> {
  const classChangeEmails = await classChangeEmailsOf(db, ownStudentId(principal));
  if (classChangeEmails === undefined) throw notFound('Student not found');
  return { classChangeEmails };
}

export async function changeMyClassChangeEmails(db: Db, principal: Principal, classChangeEmails: boolean): Promise<ClassChangeEmails> {
  if (!(await setClassChangeEmails(db, ownStudentId(principal), classChangeEmails))) throw notFound('Student not found');
  return { classChangeEmails };
}
