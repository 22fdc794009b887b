import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  RegisterRequestSchema,
  RegisterResponseSchema,
  SendCodeRequestSchema,
  SendCodeResponseSchema,
  SignupEmailQuerySchema,
  SignupLookupSchema,
} from '@rollbook/shared-types/signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RunningConfig } from '../../config.js';
import { createMailer } from '../../lib/mailer.js';
import { emailOf, limitAttempts } from '../users/rate-limits.js';
import { VerificationCodes } from '../users/verification-codes.js';
import { lookUpStudent, registerStudent, sendSignupCode } from './signup.service.js';

const errors = { 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema };

export const signupRoutes: FastifyPluginAsyncZod<{ config: RunningConfig }> = async (app, { config }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: config.mailDir, env: config.env, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const codes = new VerificationCodes(config.jwtSecret);
  const perIp = (max: number, timeWindow: string) => ({ max, timeWindow, key: (request: { ip: string }) => request.ip });

  app.get('/api/signup/GetStudentByEmail', {
    config: { public: true },
    // The lookup says whether an address is a student's (the spec's messages do): limit how fast anyone can ask.
    preHandler: limitAttempts(app, 'signup-lookup', [perIp(30, '15 minutes')]),
    schema: {
      tags: ['signup'],
      summary: "Sign-up step 1: is this e-mail a student's, and do they already have a login?",
      security: [],
      querystring: SignupEmailQuerySchema,
      response: { 200: SignupLookupSchema, ...errors },
    },
    handler: async (request) => lookUpStudent(app.db, request.query.email),
  });

  app.post('/api/signup/SendCode', {
    config: { public: true },
    preHandler: limitAttempts(app, 'signup-code', [perIp(20, '15 minutes'), { max: 3, timeWindow: '15 minutes', key: emailOf }]),
    schema: {
      tags: ['signup'],
      summary: 'Sign-up step 2: e-mail a 6-digit code to the student (30 minutes, 5 tries, single use)',
      security: [],
      body: SendCodeRequestSchema,
      response: { 200: SendCodeResponseSchema, ...errors },
    },
    handler: async (request) =>
      sendSignupCode(app.db, { codes, mailer, onMailError: (err) => request.log.error({ err }, 'sign-up e-mail failed') }, request.body.email),
  });

  app.post('/api/signup/Register', {
    config: { public: true },
    preHandler: limitAttempts(app, 'signup-register', [perIp(30, '1 minute'), { max: 10, timeWindow: '1 minute', key: emailOf }]),
    schema: {
      tags: ['signup'],
      summary: 'Sign-up step 3: the code and a password (twice) create the login; sign in with the e-mail',
      security: [],
      body: RegisterRequestSchema,
      response: { 200: RegisterResponseSchema, ...errors },
    },
    handler: async (request) => registerStudent(app.db, codes, request.body),
  });
};
