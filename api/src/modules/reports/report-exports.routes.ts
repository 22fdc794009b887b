import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { ClassesToProcessCsvQuerySchema, PaymentReportCsvQuerySchema, StudentCourseAttendanceQuerySchema, StudentCourseAttendanceSchema } from '@rollbook/shared-types/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { studentCourseAttendance } from './attendance-report.service.js';
import { csvFileName, paymentReportCsv } from './csv.js';
import * as settlement from './settlement.service.js';

const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const CSV = z.string().describe('text/csv, UTF-8 with a byte-order mark');

// The printable attendance report and CSV exports for payroll (admin).
export const reportExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/GetStudentCourseAttendence', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'A course\'s attendance grid with per-student totals (print page /reports/printstudentattendence)',
      querystring: StudentCourseAttendanceQuerySchema,
      response: { 200: StudentCourseAttendanceSchema, ...ERRORS },
    },
    handler: async (request) => studentCourseAttendance(app.db, request.query.courseId),
  });

  app.get('/api/reports/PaymentReportCsv', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'A raised settlement report as CSV, one row per class',
      querystring: PaymentReportCsvQuerySchema,
      response: { 200: CSV, ...ERRORS },
    },
    handler: async (request, reply) => {
      const report = await settlement.getRaisedReport(app.db, principalOf(request), request.query.paymentHeaderId, null);
      const name = csvFileName(`settlement-report-${request.query.paymentHeaderId}-${report.periodEndDate}`);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(paymentReportCsv(report));
    },
  });

  app.get('/api/reports/ClassesToProcessCsv', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Classes to process as CSV, one row per class, priced at current rates',
      querystring: ClassesToProcessCsvQuerySchema,
      response: { 200: CSV, ...ERRORS },
    },
    handler: async (request, reply) => {
      const report = await settlement.getClassesToProcess(app.db, principalOf(request), request.query);
      const name = csvFileName(`classes-to-process-${report.periodEndDate}`);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(paymentReportCsv(report));
    },
  });
};
