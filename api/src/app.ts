import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, RunningConfig } from './config.js';
import type { Db } from './db/create-db.js';
import { runAsActor } from './db/audit-actor.js';
import { developmentJwtSecret } from './db/development-secret.js';
import type { Notifications } from './db/notifications.js';
import { versionSource } from './lib/version.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { infraRoutes } from './modules/infra/infra.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { studentsRoutes } from './modules/students/students.routes.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { teachersRoutes } from './modules/teachers/teachers.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { importRoutes } from './modules/import/import.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { signupRoutes } from './modules/signup/signup.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { attendanceRoutes } from './modules/attendance/attendance.routes.js';
import { attendanceWarningsRoutes } from './modules/attendance-warnings/attendance-warnings.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { closuresRoutes } from './modules/closures/closures.routes.js';
import { calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds.routes.js';
import { classesRoutes } from './modules/classes/classes.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { coursesRoutes } from './modules/courses/courses.routes.js';
import { enrolmentsRoutes } from './modules/enrolments/enrolments.routes.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { roomsRoutes } from './modules/rooms/rooms.routes.js';
import { authPlugin } from './plugins/auth.js';
import { clusterPlugin } from './plugins/cluster.js';
import { compressionPlugin } from './plugins/compression.js';
import { dbPlugin } from './plugins/db.js';
import { jobsPlugin } from './plugins/jobs.js';
import { mailOutboxPlugin } from './plugins/mail-outbox.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { appLoggerOptions } from './plugins/request-log.js';
import { createResponseSerializer } from './plugins/response-serializer.js';
import { securityPlugin } from './plugins/security.js';
import { sendSpaIndex, staticPwaPlugin } from './plugins/static-pwa.js';

const API_VERSION = '0.1.0';

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface RouteCatalogEntry {
  method: string;
  url: string;
  public: boolean;
  roles: readonly string[];
  /** The route's input schemas (zod), so the attack tests can derive bad requests from them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteCatalogEntry[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Only for an app with no database behind it (scripts/openapi-document): NO_NOTIFICATIONS. */
  notifications?: Notifications;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/** Builds the whole API (and, when a PWA build exists, the app's static files) without listening. */
export async function buildApp({ config: given, db, notifications, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const config: RunningConfig = { ...given, jwtSecret: given.jwtSecret ?? (await developmentJwtSecret(db)) };
  const app = Fastify({
    logger: logger ?? appLoggerOptions(config.logLevel),
    // The spec writes the same path in several casings (GetAll, getall).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // A hop count trusts that many proxies in front, whatever their address (Fastify 5 dropped
    // numbers: safe only where the servers are reachable through the balancer alone, see config).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ verify: config.env !== 'production' }));

  // Every API route with its access rule, for the access-matrix test and the docs.
  const routeCatalog: RouteCatalogEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.toLowerCase().startsWith('/api/') || route.url.toLowerCase().startsWith('/api/docs')) continue;
      routeCatalog.push({
        method, url: route.url, public: route.config?.public === true, roles: route.config?.roles ?? [],
        schema: { body: route.schema?.body, querystring: route.schema?.querystring, params: route.schema?.params },
      });
    }
  });

  const version = versionSource({ fixed: config.appVersion, pwaDist: config.pwaDist, fallback: API_VERSION });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { db });
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { db });
  await app.register(clusterPlugin, { db, notifications });
  await app.register(jobsPlugin, { checkSeconds: config.jobsCheckSeconds });
  await app.register(mailOutboxPlugin, { config });
  await app.register(authPlugin, { secret: config.jwtSecret, expiresInSeconds: config.jwtExpiresInSeconds, db });
  await app.register(openApiPlugin, { version: API_VERSION });
  // Every write a request makes is recorded in the audit trail under its caller (db/audit-actor.ts).
  app.addHook('preHandler', (request, _reply, done) => {
    runAsActor({ userId: request.principal?.userId ?? null, source: 'web' }, done);
  });

  await app.register(infraRoutes, { version });
  await app.register(authRoutes, { tokenLifetimeSeconds: config.jwtExpiresInSeconds, attemptsPerMinute: config.signInAttemptsPerMinute });
  // Feature routes: one line per module.
  await app.register(studentsRoutes);
  await app.register(teachersRoutes);
  await app.register(notesRoutes);
  await app.register(filesRoutes, { filesDir: config.filesDir, maxUploadBytes: config.maxUploadBytes });
  await app.register(usersRoutes, { config });
  await app.register(signupRoutes, { config });
  await app.register(profileRoutes, { config });
  await app.register(noticesRoutes);
  await app.register(reportsRoutes);
  await app.register(dashboardRoutes);
  await app.register(syncRoutes, { verifyAnswers: config.env !== 'production' });
  await app.register(lookupsRoutes);
  await app.register(coursesRoutes);
  await app.register(enrolmentsRoutes);
  await app.register(classesRoutes);
  await app.register(attendanceRoutes);
  await app.register(attendanceWarningsRoutes);
  await app.register(roomsRoutes);
  await app.register(closuresRoutes);
  await app.register(companiesRoutes);
  await app.register(calendarRoutes);
  await app.register(calendarFeedsRoutes);
  await app.register(importRoutes);
  await app.register(auditRoutes);
  // (end of feature routes)

  const servesPwa = existsSync(join(config.pwaDist, 'index.html'));
  if (servesPwa) await app.register(staticPwaPlugin, { root: config.pwaDist });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Any page route of the app gets index.html; a missing file (it has an extension) stays a 404.
    const isPageRoute = !path.toLowerCase().startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (servesPwa && (request.method === 'GET' || request.method === 'HEAD') && isPageRoute) {
      return sendSpaIndex(reply, config.pwaDist, path);
    }
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}`, code: 'NOT_FOUND' });
  });

  return app;
}
