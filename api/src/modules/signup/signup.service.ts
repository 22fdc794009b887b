import { CODE_LIFETIME_MINUTES } from '@rollbook/shared-types/users';
import { SIGNUP_MESSAGES, type SignupLookup } from '@rollbook/shared-types/signup';
import type { Db } from '../../db/create-db.js';
import { AppError, conflict, ruleViolation } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/password.js';
import { addRole, insertUser, linkPerson, usernameTaken } from '../users/users.repository.js';
import type { VerificationCodes } from '../users/verification-codes.js';
import { findStudentByEmail, lockStudent } from './signup.repository.js';

// A student the school already knows claims online access in three steps. Knowing an address is
// not enough: the code e-mailed to it must come back before a password is set. Nothing is revealed
// about an address beyond the spec's two messages (unknown; already registered).

export async function lookUpStudent(db: Db, email: string): Promise<SignupLookup> {
  const student = await findStudentByEmail(db, email);
  if (!student) return { found: false, hasLogin: false, message: SIGNUP_MESSAGES.notFound };
  // A login the school disabled still counts: signing up again must not undo the school's removal.
  if (student.userId !== null) return { found: true, hasLogin: true, message: SIGNUP_MESSAGES.alreadyRegistered };
  return { found: true, hasLogin: false, message: null };
}

export async function sendSignupCode(
  db: Db,
  deps: { codes: VerificationCodes; mailer: Mailer; onMailError: (err: unknown) => void },
  email: string,
) {
  const lookup = await lookUpStudent(db, email);
  if (lookup.message !== null) throw ruleViolation(lookup.message, lookup.found ? 'ALREADY_REGISTERED' : 'NOT_FOUND');
  const student = await findStudentByEmail(db, email);
  if (!student) throw ruleViolation(SIGNUP_MESSAGES.notFound, 'NOT_FOUND');
  const code = await deps.codes.issue(db, 'signup', email, { studentId: student.studentId });
  try {
    await deps.mailer.send(
      {
        to: email,
        subject: 'Your Rollbook sign-up code',
        text: `Hello ${student.firstName},\n\nYour sign-up code is: ${code}\n\nIt is valid for ${CODE_LIFETIME_MINUTES} minutes and can be used once.\nIf you did not ask to sign up, you can ignore this e-mail.\n`,
      },
      { devHint: `sign-up code ${code}` },
    );
  } catch (err) {
    deps.onMailError(err);
    throw new AppError(503, 'MAIL_UNAVAILABLE', 'We could not send the e-mail just now, please try again shortly');
  }
  return { message: SIGNUP_MESSAGES.codeSent, expiresInMinutes: CODE_LIFETIME_MINUTES };
}

/** Checks the code and creates the student's login: username = the e-mail, role Student. */
export async function registerStudent(
  db: Db,
  codes: VerificationCodes,
  input: { email: string; code: string; password: string },
): Promise<{ username: string }> {
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction().execute(async (trx) => {
    const owner = await codes.consume(trx, 'signup', input.email, input.code);
    if (!owner?.studentId) return null;
    const student = await lockStudent(trx, owner.studentId);
    if (!student || student.email?.toLowerCase() !== input.email.toLowerCase()) throw ruleViolation(SIGNUP_MESSAGES.notFound, 'NOT_FOUND');
    if (student.userId !== null) throw ruleViolation(SIGNUP_MESSAGES.alreadyRegistered, 'ALREADY_REGISTERED');
    const username = student.email;
    if (await usernameTaken(trx, username)) throw conflict('This email is already used by another login, please contact us');
    const userId = await insertUser(trx, { username, passwordHash, firstName: student.firstName, lastName: student.lastName, email: student.email, avatarId: null });
    await addRole(trx, userId, 'Student', student.studentId);
    await linkPerson(trx, 1, student.studentId, userId);
    return { username };
  });
  // The failed attempt is committed above; only then is the refusal answered.
  if (!outcome) throw ruleViolation(SIGNUP_MESSAGES.codeIncorrect, 'CODE_INCORRECT');
  return outcome;
}
