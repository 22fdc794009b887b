import { z } from 'zod';
import { BodyIdSchema, IdSchema } from './integers.js';
import { personTypeSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PersonTypeSchema, requiredEmail } from './people.js';

// Online access (admin) and password reset (public).

/**
 * GET /api/users/RegisterUser?id=&type=&password= (admin). type 1 student, 2 teacher. A student may be
 * given a password (8+ characters); a teacher always gets a generated one. The login's username is
 * the person's e-mail, or first.last when that is taken. POST with the same fields as a JSON body
 * does the same and keeps a student's password out of URLs.
 */
export const RegisterUserQuerySchema = z.object({
  id: IdSchema,
  type: PersonTypeSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export const RegisterUserBodySchema = z.object({
  id: BodyIdSchema,
  type: personTypeSchema('json'),
  password: z.string().max(PASSWORD_MAX_LENGTH).nullish(),
});
export type RegisterUserRequest = z.input<typeof RegisterUserBodySchema>;

export const RegisterUserResponseSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  /** The generated password, shown once; null when the admin chose the password. Never stored in clear. */
  password: z.string().nullable(),
});
export type RegisterUserResponse = z.infer<typeof RegisterUserResponseSchema>;

/** GET /api/users/DeleteUser?id=&type= (admin): removes online access and ends the person's sessions. */
export const DeleteUserQuerySchema = z.object({ id: IdSchema, type: PersonTypeSchema });
export const DeleteUserResponseSchema = z.object({ hasLogin: z.literal(false), message: z.string() });
export const ACCESS_REMOVED_MESSAGE = 'Teacher access has been removed';

export const USER_MESSAGES = {
  alreadyHasLogin: 'This person already has online access',
  noEmailForReset: 'Please enter an email address',
  emailShape: 'Please enter a valid email address',
  resetPasswordShort: 'Password needs to be 8 characters or more',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Please enter the code',
  codeIncorrect: 'Code is incorrect',
  resetRequested: 'If that address belongs to an account, we have e-mailed a code to it. It is valid for 30 minutes.',
} as const;

const resetEmail = requiredEmail(USER_MESSAGES.noEmailForReset, USER_MESSAGES.emailShape);

/** POST /api/users/PasswordResetRequest (public). Answers the same whether or not the address exists. */
export const PasswordResetRequestSchema = z.object({ email: resetEmail });
export const PasswordResetRequestResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/users/ResetPassword (public) → 1 success, 2 wrong, expired, used or locked code (the
 * client shows 'Code is incorrect'). A too-short password or a confirmation that differs is a 400.
 */
export const ResetPasswordRequestSchema = z
  .object({
    email: resetEmail,
    code: z.string({ error: USER_MESSAGES.codeRequired }).trim().min(1, USER_MESSAGES.codeRequired).max(20, USER_MESSAGES.codeIncorrect),
    password: z
      .string({ error: USER_MESSAGES.resetPasswordShort })
      .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.resetPasswordShort)
      .max(PASSWORD_MAX_LENGTH),
    /** Optional: when sent it must equal password. */
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: USER_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const RESET_SUCCESS = 1;
export const RESET_WRONG_CODE = 2;
export const ResetPasswordResultSchema = z.union([z.literal(1), z.literal(2)]);

/** Codes e-mailed for sign-up and reset: 6 digits, 30 minutes, 5 wrong tries lock them, single use. */
export const CODE_LENGTH = 6;
export const CODE_LIFETIME_MINUTES = 30;
export const CODE_MAX_ATTEMPTS = 5;
