import { z } from 'zod';

/** Roles are compared case-insensitively by clients; the API always sends these spellings. */
export const RoleNameSchema = z.enum(['CompanyAdmin', 'Teacher', 'Student']);
export type RoleName = z.infer<typeof RoleNameSchema>;

export const AuthenticateRequestSchema = z.object({
  username: z.string().trim().min(1, 'Please enter a username').max(200),
  password: z.string().min(1, 'Please enter a password').max(1024),
});
export type AuthenticateRequest = z.infer<typeof AuthenticateRequestSchema>;

export const UserRoleSchema = z.object({
  name: RoleNameSchema,
  /** Teacher id for Teacher, student id for Student, null for CompanyAdmin. */
  entityId: z.number().int().nullable(),
});
export type UserRole = z.infer<typeof UserRoleSchema>;

/** The signed-in user the browser keeps in storage (spec: people-and-access §3). */
export const SignedInUserSchema = z.object({
  token: z.string(),
  /** Expiry of the token as an ISO instant, so clients need not decode the JWT. */
  expiresAt: z.string(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  avatarImage: z.string().nullable(),
  entityId: z.number().int().nullable(),
  roles: z.array(UserRoleSchema).min(1),
});
export type SignedInUser = z.infer<typeof SignedInUserSchema>;

/** Claims carried inside the JWT. */
export const TokenClaimsSchema = z.object({
  sub: z.string(),
  roles: z.array(UserRoleSchema),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export const LOGIN_FAILED_MESSAGE = 'Username or password is incorrect';
