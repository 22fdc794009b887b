import { z } from 'zod';
import { requiredEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './people.js';

// Self sign-up of an existing student (public), in three calls:
// 1. GET  /api/signup/GetStudentByEmail?email=  → { found, hasLogin, message }
// 2. POST /api/signup/SendCode { email }        → e-mails a 6-digit code (30 minutes, 5 tries, single use)
// 3. POST /api/signup/Register { email, code, password, confirmPassword } → the login exists; sign in with the e-mail.
// Only the spec's two messages are ever revealed about an address.

export const SIGNUP_MESSAGES = {
  notFound: 'We could not find you, please contact us',
  alreadyRegistered: 'You are already registered, please log in',
  emailRequired: 'Please enter an email address',
  emailShape: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordEmpty: 'Password is empty',
  passwordShort: 'Passwords must be 8 or more characters',
  codeRequired: 'Please enter the code',
  codeIncorrect: 'Code is incorrect',
  codeSent: 'We have e-mailed you a code. It is valid for 30 minutes.',
} as const;

const signupEmail = requiredEmail(SIGNUP_MESSAGES.emailRequired, SIGNUP_MESSAGES.emailShape);

export const SignupEmailQuerySchema = z.object({ email: signupEmail });

/** found false: notFound message; hasLogin true: alreadyRegistered message; both fine: message null. */
export const SignupLookupSchema = z.object({
  found: z.boolean(),
  hasLogin: z.boolean(),
  message: z.string().nullable(),
});
export type SignupLookup = z.infer<typeof SignupLookupSchema>;

/** Refused with 400 and the lookup's message when the address cannot sign up. */
export const SendCodeRequestSchema = z.object({ email: signupEmail });
export const SendCodeResponseSchema = z.object({ message: z.string(), expiresInMinutes: z.number().int() });

/** Password rules of the spec, checked in this order: empty, too short, confirmation differs. */
export const SignupPasswordSchema = z
  .string({ error: SIGNUP_MESSAGES.passwordEmpty })
  .min(1, SIGNUP_MESSAGES.passwordEmpty)
  .max(PASSWORD_MAX_LENGTH)
  .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, SIGNUP_MESSAGES.passwordShort);

export const RegisterRequestSchema = z
  .object({
    email: signupEmail,
    code: z.string({ error: SIGNUP_MESSAGES.codeRequired }).trim().min(1, SIGNUP_MESSAGES.codeRequired).max(20, SIGNUP_MESSAGES.codeIncorrect),
    password: SignupPasswordSchema,
    confirmPassword: z.string({ error: SIGNUP_MESSAGES.passwordsDoNotMatch }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, { message: SIGNUP_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** A wrong, expired, used or locked code is a 400 with 'Code is incorrect' (code CODE_INCORRECT). */
export const RegisterResponseSchema = z.object({ username: z.string() });
