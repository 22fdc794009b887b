import { z } from 'zod';
import { QueryBooleanSchema } from './common.js';
import { requiredEmail, GdprConsentItemSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './people.js';

// The signed-in user's own profile, password and consents (any role, only for themselves).

export const PROFILE_MESSAGES = {
  firstName: 'Please enter your First Name',
  lastName: 'Please enter your Last Name',
  email: 'Please enter your Email',
  emailShape: 'Please enter a valid Email',
  notYours: 'You can only change your own details',
  oldPassword: 'Please enter Current Password',
  newPassword: 'Please enter a New Password',
  confirmPassword: 'Please enter a Confirm Password',
  passwordShort: 'Password needs to be 8 characters or more',
  passwordsDoNotMatch: 'Passwords do not match',
  unknownConsent: 'Unknown consent code',
  classChangeEmails: 'classChangeEmails must be true or false',
  notAStudent: 'Only students have class-change e-mails',
} as const;

/** GET /api/users/GetProfile and the answer of UpdateProfile. */
export const ProfileSchema = z.object({
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** POST /api/users/UpdateProfile. userName must be the caller's own (it is not changed). */
export const UpdateProfileRequestSchema = z.object({
  userName: z.string().trim().min(1).max(200),
  firstName: z.string({ error: PROFILE_MESSAGES.firstName }).trim().min(1, PROFILE_MESSAGES.firstName).max(100),
  lastName: z.string({ error: PROFILE_MESSAGES.lastName }).trim().min(1, PROFILE_MESSAGES.lastName).max(100),
  email: requiredEmail(PROFILE_MESSAGES.email, PROFILE_MESSAGES.emailShape),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/**
 * POST /api/users/UpdatePassword. Missing fields, a new password under 8 characters or a confirmation
 * that differs are 400s with these messages; a wrong current password answers { isValid: false }.
 * On success every other session ends and a fresh token keeps this one signed in.
 */
export const UpdatePasswordRequestSchema = z
  .object({
    userName: z.string().trim().min(1).max(200),
    oldPassword: z.string({ error: PROFILE_MESSAGES.oldPassword }).min(1, PROFILE_MESSAGES.oldPassword).max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string({ error: PROFILE_MESSAGES.newPassword })
      .min(1, PROFILE_MESSAGES.newPassword)
      .max(PASSWORD_MAX_LENGTH)
      .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, PROFILE_MESSAGES.passwordShort),
    confirmPassword: z.string({ error: PROFILE_MESSAGES.confirmPassword }).min(1, PROFILE_MESSAGES.confirmPassword).max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: PROFILE_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordRequest = z.input<typeof UpdatePasswordRequestSchema>;

export const UpdatePasswordResponseSchema = z.object({
  isValid: z.boolean(),
  /** Present when isValid: replaces the caller's token (the old one stops working). */
  token: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;

/** GET /api/users/GetGDPRConsentByUser and GetGDPRConsentByLogin?login=: every consent type, ticked or not. */
export const GdprConsentListSchema = z.array(GdprConsentItemSchema);
export const GdprByLoginQuerySchema = z.object({ login: z.string().trim().min(1).max(200) });

/** GET /api/users/UpdateGDPR?GDPRCode=&value= → the caller's consents after the change. */
export const UpdateGdprQuerySchema = z.object({
  GDPRCode: z.string().trim().min(1).max(40),
  value: QueryBooleanSchema,
});

/**
 * GET /api/users/GetClassChangeEmails and POST /api/users/UpdateClassChangeEmails: whether the
 * signed-in student is e-mailed when one of their classes is moved or cancelled (students only,
 * their own; the office sets it on the student form).
 */
export const ClassChangeEmailsSchema = z.object({
  classChangeEmails: z.boolean({ error: PROFILE_MESSAGES.classChangeEmails }),
});
export type ClassChangeEmails = z.infer<typeof ClassChangeEmailsSchema>;
