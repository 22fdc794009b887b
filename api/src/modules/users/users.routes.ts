import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  DeleteUserQuerySchema,
  DeleteUserResponseSchema,
  PasswordResetRequestResponseSchema,
  PasswordResetRequestSchema,
  RegisterUserBodySchema,
  RegisterUserQuerySchema,
  RegisterUserResponseSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResultSchema,
} from '@rollbook/shared-types/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RunningConfig } from '../../config.js';
import { createMailer } from '../../lib/mailer.js';
import { ADMIN } from '../../plugins/auth.js';
import { emailOf, limitAttempts } from './rate-limits.js';
import { deleteUser, registerUser, requestPasswordReset, resetPassword } from './users.service.js';
import { VerificationCodes } from './verification-codes.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const usersRoutes: FastifyPluginAsyncZod<{ config: RunningConfig }> = async (app, { config }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: config.mailDir, env: config.env, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const codes = new VerificationCodes(config.jwtSecret);
  const forgetUser = (userId: number) => app.forgetUserState(userId);

  const registerSchema = {
    tags: ['users'],
    summary: 'Grant online access to a student (type 1) or teacher (type 2); a generated password is answered once',
    response: { 200: RegisterUserResponseSchema, ...errors },
  };
  app.get('/api/users/RegisterUser', {
    config: { roles: ADMIN },
    // The spec sends a student's password in the query string: keep this route's URLs out of the info log.
    logLevel: 'warn',
    schema: { ...registerSchema, querystring: RegisterUserQuerySchema },
    handler: async (request) => registerUser(app.db, request.query),
  });
  app.post('/api/users/RegisterUser', {
    config: { roles: ADMIN },
    // The GET above keeps the id derived from the path; this second method names its own.
    schema: { ...registerSchema, body: RegisterUserBodySchema, operationId: 'usersRegisterUserFromBody' },
    handler: async (request) => registerUser(app.db, request.body),
  });

  app.get('/api/users/DeleteUser', {
    config: { roles: ADMIN },
    schema: {
      tags: ['users'],
      summary: "Remove a student's or teacher's online access and end their sessions",
      querystring: DeleteUserQuerySchema,
      response: { 200: DeleteUserResponseSchema, ...errors },
    },
    handler: async (request) => deleteUser(app.db, request.query, forgetUser),
  });

  app.post('/api/users/PasswordResetRequest', {
    config: { public: true },
    preHandler: limitAttempts(app, 'reset-request', [
      { max: 20, timeWindow: '15 minutes', key: (request) => request.ip },
      { max: 3, timeWindow: '15 minutes', key: emailOf },
    ]),
    schema: {
      tags: ['users'],
      summary: 'E-mail a password reset code; the answer is the same whether or not the address exists',
      security: [],
      body: PasswordResetRequestSchema,
      response: { 200: PasswordResetRequestResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request) =>
      requestPasswordReset(app.db, { codes, mailer, onMailError: (err) => request.log.error({ err }, 'password reset e-mail failed') }, request.body.email),
  });

  app.post('/api/users/ResetPassword', {
    config: { public: true },
    preHandler: limitAttempts(app, 'reset', [
      { max: 30, timeWindow: '1 minute', key: (request) => request.ip },
      { max: 10, timeWindow: '1 minute', key: emailOf },
    ]),
    schema: {
      tags: ['users'],
      summary: 'Set a new password with an e-mailed code: 1 success, 2 wrong, expired, used or locked code',
      security: [],
      body: ResetPasswordRequestSchema,
      response: { 200: ResetPasswordResultSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request) => resetPassword(app.db, { codes, forgetUser }, request.body),
  });
};
