import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  ClassChangeEmailsSchema,
  GdprByLoginQuerySchema,
  GdprConsentListSchema,
  ProfileSchema,
  UpdateGdprQuerySchema,
  UpdatePasswordRequestSchema,
  UpdatePasswordResponseSchema,
  UpdateProfileRequestSchema,
} from '@rollbook/shared-types/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import type { RoleName } from '@rollbook/shared-types/auth';
import { ALL_ROLES, principalOf } from '../../plugins/auth.js';
import { limitAttempts } from '../users/rate-limits.js';
import {
  changeConsent, changeMyClassChangeEmails, changePassword, changeProfile, consentsByLogin, getProfile, myClassChangeEmails, myConsents,
} from './profile.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
// A student's own setting; the office changes it on the student form (students/upsert).
const STUDENT: readonly RoleName[] = ['Student'];

export const profileRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const tokens = { sign: app.signToken, lifetimeSeconds: config.jwtExpiresInSeconds };
  const forgetUser = (userId: number) => app.forgetUserState(userId);

  app.get('/api/users/GetProfile', {
    config: { roles: ALL_ROLES },
    schema: { tags: ['profile'], summary: "The caller's own profile", response: { 200: ProfileSchema, ...errors } },
    handler: async (request) => getProfile(app.db, principalOf(request)),
  });

  app.post('/api/users/UpdateProfile', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['profile'],
      summary: "Update the caller's own first name, last name and e-mail (userName must be their own)",
      body: UpdateProfileRequestSchema,
      response: { 200: ProfileSchema, ...errors },
    },
    handler: async (request) => changeProfile(app.db, principalOf(request), request.body),
  });

  app.post('/api/users/UpdatePassword', {
    config: { roles: ALL_ROLES },
    // A stolen session must not become a way to guess the current password.
    preHandler: limitAttempts(app, 'update-password', [{ max: 10, timeWindow: '15 minutes', key: (request) => String(request.principal?.userId) }]),
    schema: {
      tags: ['profile'],
      summary: "Change the caller's password: { isValid }, and on success a fresh token (other sessions end)",
      body: UpdatePasswordRequestSchema,
      response: { 200: UpdatePasswordResponseSchema, ...errors, 429: ErrorBodySchema },
    },
    handler: async (request) => changePassword(app.db, { tokens, forgetUser }, principalOf(request), request.body),
  });

  app.get('/api/users/GetGDPRConsentByUser', {
    config: { roles: ALL_ROLES },
    schema: { tags: ['profile'], summary: "The caller's consents (every type, ticked or not)", response: { 200: GdprConsentListSchema, ...errors } },
    handler: async (request) => myConsents(app.db, principalOf(request)),
  });

  app.get('/api/users/GetGDPRConsentByLogin', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['profile'],
      summary: "Consents of a login: any for an admin, otherwise only the caller's own",
      querystring: GdprByLoginQuerySchema,
      response: { 200: GdprConsentListSchema, ...errors },
    },
    handler: async (request) => consentsByLogin(app.db, principalOf(request), request.query.login),
  });

  app.get('/api/users/UpdateGDPR', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['profile'],
      summary: "Set one of the caller's consents; answers all of them",
      querystring: UpdateGdprQuerySchema,
      response: { 200: GdprConsentListSchema, ...errors },
    },
    handler: async (request) => changeConsent(app.db, principalOf(request), request.query.GDPRCode, request.query.value),
  });

  app.get('/api/users/GetClassChangeEmails', {
    config: { roles: STUDENT },
    schema: {
      tags: ['profile'],
      summary: 'Whether the signed-in student is e-mailed when their classes are moved or cancelled',
      response: { 200: ClassChangeEmailsSchema, ...errors },
    },
    handler: async (request) => myClassChangeEmails(app.db, principalOf(request)),
  });

  app.post('/api/users/UpdateClassChangeEmails', {
    config: { roles: STUDENT },
    schema: {
      tags: ['profile'],
      summary: 'Turn the signed-in student\'s class-change e-mails on or off',
      body: ClassChangeEmailsSchema,
      response: { 200: ClassChangeEmailsSchema, ...errors },
    },
    handler: async (request) => changeMyClassChangeEmails(app.db, principalOf(request), request.body.classChangeEmails),
  });
};
