import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  ClassesToProcessQuerySchema, DeletePaymentsQuerySchema, DeletePaymentsResponseSchema, PaymentHeaderListSchema, PaymentHeadersByYearQuerySchema,
  PaymentHeadersQuerySchema, PaymentReportSchema, PaymentYearsSchema, RaisePaymentReportQuerySchema, RaisedPaymentReportQuerySchema,
  SettlementReportsQuerySchema,
} from '@rollbook/shared-types/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { selectPaymentYears } from './settlement.repository.js';
import * as settlement from './settlement.service.js';

const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

// Settlement (teacher pay) reports, spec §2.9 and §7. The spec makes raising and deleting GETs;
// the paths and methods are kept, the answers are never cached, and both need an admin.
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const notify: settlement.Notify = (notice) => app.noticeHub.publish(notice);

  app.get('/api/reports/GetTeacherPaymentReportAuto', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['reports'],
      summary: 'Classes to process: marked classes in no report up to the period end (or a raised report by paymentHeaderId)',
      querystring: ClassesToProcessQuerySchema,
      response: { 200: PaymentReportSchema, ...ERRORS },
    },
    handler: async (request) => settlement.getClassesToProcess(app.db, principalOf(request), request.query),
  });

  app.get('/api/reports/RaisePaymentReport', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Raise a settlement report for the chosen teachers up to the period end (pays each class once)',
      description: 'Answers 400 NO_CLASSES_TO_PROCESS when nothing is left to pay (e.g. the same report was just raised).',
      querystring: RaisePaymentReportQuerySchema,
      response: { 200: PaymentReportSchema, 409: ErrorBodySchema, ...ERRORS },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settlement.raisePaymentReport(app.db, principalOf(request), request.query, notify);
    },
  });

  app.get('/api/reports/DeletePayments', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Remove a settlement report (or, with teacherId, that teacher\'s part); its classes return to Marked',
      querystring: DeletePaymentsQuerySchema,
      response: { 200: DeletePaymentsResponseSchema, ...ERRORS },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settlement.deletePayments(app.db, request.query, notify);
    },
  });

  app.get('/api/reports/GetSettlementReports', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['reports'],
      summary: 'Settlement reports containing a teacher, with that teacher\'s part (a teacher: their own); with page/pageSize one page, sorted, with the total',
      querystring: SettlementReportsQuerySchema,
      response: { 200: PaymentHeaderListSchema, ...ERRORS },
    },
    handler: async (request) => settlement.listSettlementReports(app.db, principalOf(request), request.query),
  });

  app.get('/api/reports/GetPaymentHeaders', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Raised reports of dateToShow\'s month (by period end), or all without it; newest first',
      querystring: PaymentHeadersQuerySchema,
      response: { 200: PaymentHeaderListSchema, ...ERRORS },
    },
    handler: async (request) => ({
      paymentHeaders: await settlement.listPaymentHeaders(app.db, request.query.dateToShow ? { dateToShow: request.query.dateToShow } : {}),
    }),
  });

  app.get('/api/reports/GetPaymentHeadersByYear', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Raised reports whose period ends in a year (settlement history); with page/pageSize one page, sorted, with the total',
      querystring: PaymentHeadersByYearQuerySchema,
      response: { 200: PaymentHeaderListSchema, ...ERRORS },
    },
    handler: async (request) => settlement.listPaymentHeadersByYear(app.db, request.query),
  });

  app.get('/api/reports/GetPaymentYears', {
    config: { roles: ADMIN },
    schema: {
      tags: ['reports'],
      summary: 'Years that have settlement reports, newest first (the history page\'s year picker)',
      response: { 200: PaymentYearsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async () => ({ years: await selectPaymentYears(app.db) }),
  });

  app.get('/api/reports/GetRaisedPaymentReport', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['reports'],
      summary: 'A raised report with each teacher\'s classes, course totals and totals (print page); a teacher gets their part',
      querystring: RaisedPaymentReportQuerySchema,
      response: { 200: PaymentReportSchema, ...ERRORS },
    },
    handler: async (request) => {
      const { paymentHeaderId, teacherId } = request.query;
      return settlement.getRaisedReport(app.db, principalOf(request), paymentHeaderId, teacherId === undefined ? null : [teacherId]);
    },
  });
};
