import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import {
  DeleteRateRequestSchema,
  RateUseCountSchema,
  TeacherListQuerySchema,
  TeacherListResponseSchema,
  TeacherRateListSchema,
  TeacherRatesQuerySchema,
  TeacherSchema,
  TeacherStatusSchema,
  TeacherUpsertRequestSchema,
  UpdateTeacherStatusQuerySchema,
} from '@rollbook/shared-types/teachers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { deleteRate, getTeacher, getTeacherList, rateUseCount, teacherRates, updateTeacherStatus, upsertTeacher } from './teachers.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/teachers/getall', {
    config: { roles: ADMIN },
    schema: {
      tags: ['teachers'],
      summary: 'Teacher list (admin): searchText, status (-1 all, 1 active by default, 0 inactive), 100 a page, sorted by any column but Subjects taught',
      querystring: TeacherListQuerySchema,
      response: { 200: TeacherListResponseSchema, ...errors },
    },
    handler: async (request) => getTeacherList(app.db, request.query),
  });

  app.get('/api/teachers/getteacherbyid', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['teachers'],
      summary: 'One teacher with rates and subjects: any for an admin, a teacher only themselves',
      querystring: IdQuerySchema,
      response: { 200: TeacherSchema, ...errors },
    },
    handler: async (request) => getTeacher(app.db, principalOf(request), request.query.id),
  });

  app.post('/api/teachers/upsert', {
    config: { roles: ADMIN },
    schema: {
      tags: ['teachers'],
      summary: 'Create or update a teacher with subjects and rates (pounds on the wire); answers the teacher',
      body: TeacherUpsertRequestSchema,
      response: { 200: TeacherSchema, ...errors },
    },
    handler: async (request) => upsertTeacher(app.db, request.body),
  });

  app.get('/api/teachers/GetTeachersRateByTeacherId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['teachers'],
      summary: "A teacher's rates (rate in pounds and ratePence); a teacher only their own",
      querystring: TeacherRatesQuerySchema,
      response: { 200: TeacherRateListSchema, ...errors },
    },
    handler: async (request) => teacherRates(app.db, principalOf(request), request.query.id, request.query.onlyActive),
  });

  app.get('/api/teachers/CanRateBeRemoved', {
    config: { roles: ADMIN },
    schema: {
      tags: ['teachers'],
      summary: 'How many classes, series and payment lines use a rate: non-zero means it cannot be deleted',
      querystring: IdQuerySchema,
      response: { 200: RateUseCountSchema, ...errors },
    },
    handler: async (request) => rateUseCount(app.db, request.query.id),
  });

  app.post('/api/teachers/DeleteRate', {
    config: { roles: ADMIN },
    schema: {
      tags: ['teachers'],
      summary: "Delete an unused rate; answers the teacher's remaining rates",
      body: DeleteRateRequestSchema,
      response: { 200: TeacherRateListSchema, ...errors },
    },
    handler: async (request) => deleteRate(app.db, request.body.id),
  });

  app.get('/api/teachers/UpdateTeacherStatus', {
    config: { roles: ADMIN },
    schema: {
      tags: ['teachers'],
      summary: 'Set a teacher active (statudId=true) or inactive (statudId=false)',
      querystring: UpdateTeacherStatusQuerySchema,
      response: { 200: TeacherStatusSchema, ...errors },
    },
    handler: async (request) => updateTeacherStatus(app.db, request.query.teacherId, request.query.statudId),
  });
};
