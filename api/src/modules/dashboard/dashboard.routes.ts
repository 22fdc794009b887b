import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  ClassesInPeriodSchema, ClassesThisWeekQuerySchema, ClassMonthlyCountSchema, CountStatsSchema, HighLevelStatsSchema, StudentMonthlyCountSchema,
  SubjectPercentagesSchema, TeacherDashboardSchema, TeachersUnmarkedClassCountSchema, TeachersUnmarkedQuerySchema,
} from '@rollbook/shared-types/dashboard';
import type { RoleName } from '@rollbook/shared-types/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { asAnswer } from '../../plugins/response-serializer.js';
import { countTilesUpToNow } from './count-tiles-job.js';
import * as dashboard from './dashboard.service.js';

const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const TEACHER: readonly RoleName[] = ['Teacher'];

// The admin dashboard (spec §2.11) under /api/reports as §7 lists it, and the teacher dashboard (§2.12).
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/GetCountStats', {
    config: { roles: ADMIN },
    schema: { tags: ['dashboard'], summary: 'The five tiles: unmarked classes, draft courses, ≤ 3 classes remaining, time discrepancies, expiring', response: { 200: CountStatsSchema, ...ERRORS } },
    handler: async () => dashboard.countStats(app.db),
  });
  // The tiles' kept counts brought up to the clock, once for the cluster every few minutes.
  app.jobs.add({ name: 'dashboard-count-tiles', everyMs: 5 * 60_000, run: async () => void (await countTilesUpToNow(app.db)) });

  app.get('/api/reports/GetTeachersUnmarkedClassCount', {
    config: { roles: ADMIN },
    schema: {
      tags: ['dashboard'],
      summary: 'Teachers with classes requiring marking, most first (a page of them with page or pageSize)',
      querystring: TeachersUnmarkedQuerySchema,
      response: { 200: TeachersUnmarkedClassCountSchema, ...ERRORS },
    },
    handler: async (request) => dashboard.teachersUnmarked(app.db, request.query),
  });

  app.get('/api/reports/GetSubjectPercentages', {
    config: { roles: ADMIN },
    schema: { tags: ['dashboard'], summary: 'Classes per subject, year to date', response: { 200: SubjectPercentagesSchema, ...ERRORS } },
    handler: async () => dashboard.subjectPercentages(app.db),
  });

  app.get('/api/reports/GetClassMonthlyCount', {
    config: { roles: ADMIN },
    schema: { tags: ['dashboard'], summary: 'Classes per month, last year and this year', response: { 200: ClassMonthlyCountSchema, ...ERRORS } },
    handler: async () => dashboard.classMonthlyCount(app.db),
  });

  app.get('/api/reports/GetStudentMonthlyCount', {
    config: { roles: ADMIN },
    schema: { tags: ['dashboard'], summary: 'Students joining per month, last year and this year', response: { 200: StudentMonthlyCountSchema, ...ERRORS } },
    handler: async () => dashboard.studentMonthlyCount(app.db),
  });

  app.get('/api/reports/GetHighLevelStats', {
    config: { roles: ADMIN },
    schema: { tags: ['dashboard'], summary: 'Headline figures', response: { 200: HighLevelStatsSchema, ...ERRORS } },
    handler: async () => dashboard.highLevelStats(app.db),
  });

  app.get('/api/reports/GetClassesThisWeek', {
    config: { roles: ADMIN },
    schema: {
      tags: ['dashboard'],
      summary: 'Classes today (D), this week (W, Monday–Sunday) or this month (M), London time',
      querystring: ClassesThisWeekQuerySchema,
      response: { 200: ClassesInPeriodSchema, ...ERRORS },
    },
    handler: async (request) => asAnswer(await dashboard.classesInPeriod(app.db, request.query)),
  });

  app.get('/api/reports/GetTeacherDashboard', {
    config: { roles: TEACHER },
    schema: {
      tags: ['dashboard'],
      summary: 'The signed-in teacher\'s earnings this month, classes to mark, classes this week and settlement reports',
      response: { 200: TeacherDashboardSchema, ...ERRORS },
    },
    handler: async (request) => dashboard.teacherDashboard(app.db, principalOf(request)),
  });
};
