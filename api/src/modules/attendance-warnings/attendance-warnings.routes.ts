import {
  AttendanceRatesQuerySchema, AttendanceRatesSchema, AttendanceThresholdSchema, AttendanceWarningCountSchema, AttendanceWarningListQuerySchema,
  AttendanceWarningListSchema, UpdateAttendanceThresholdRequestSchema,
} from '@rollbook/shared-types/attendance-warnings';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import * as service from './attendance-warnings.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['attendance warnings'];

// Attendance rates per student and course, the dashboard's warning list and tile, and the
// school's threshold. All the admin's: they name students and their absences.
export const attendanceWarningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/GetAttendanceRates', {
    config: { roles: ADMIN },
    schema: {
      tags, summary: "Attendance rates of one course's students (courseId) or of one student's courses (studentId)",
      querystring: AttendanceRatesQuerySchema, response: { 200: AttendanceRatesSchema, ...errors },
    },
    handler: async (request) => service.attendanceRates(app.db, request.query),
  });

  app.get('/api/reports/GetAttendanceWarnings', {
    config: { roles: ADMIN },
    schema: {
      tags, summary: 'Enrolled students of Active courses below the attendance threshold, paged, sorted and filtered',
      querystring: AttendanceWarningListQuerySchema, response: { 200: AttendanceWarningListSchema, ...errors },
    },
    handler: async (request) => service.attendanceWarnings(app.db, request.query),
  });

  app.get('/api/reports/GetAttendanceWarningCount', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'The dashboard tile: how many rows the attendance warning list has', response: { 200: AttendanceWarningCountSchema, ...errors } },
    handler: async () => service.attendanceWarningCount(app.db),
  });

  app.get('/api/settings/GetAttendanceThreshold', {
    config: { roles: ADMIN },
    schema: { tags, summary: "The school's attendance warning threshold (%)", response: { 200: AttendanceThresholdSchema, ...errors } },
    handler: async () => service.attendanceThreshold(app.db),
  });

  app.post('/api/settings/UpdateAttendanceThreshold', {
    config: { roles: ADMIN },
    schema: {
      tags, summary: "Change the school's attendance warning threshold (whole percent, 1 to 100)",
      body: UpdateAttendanceThresholdRequestSchema, response: { 200: AttendanceThresholdSchema, ...errors },
    },
    handler: async (request) => service.updateAttendanceThreshold(app.db, request.body.threshold),
  });
};
