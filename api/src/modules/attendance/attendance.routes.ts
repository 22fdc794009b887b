import {
  ClassRegisterSchema, StudentOverrideListSchema, StudentOverrideQuerySchema, UpdateAttendanceRequestSchema,
  UpdateAttendanceResponseSchema, UpdateStudentOverrideRequestSchema,
} from '@rollbook/shared-types/attendance';
import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { markAttendance } from './attendance.service.js';
import { getClassRegister, getStudentOverrides, updateStudentOverrides } from './register.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['attendance'];

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/classes/UpdateClassAttendenceMultiple', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags,
      summary: 'Save attendance marks (all or none); classes get their status recomputed',
      body: UpdateAttendanceRequestSchema,
      response: { 200: UpdateAttendanceResponseSchema, ...errors, 409: ErrorBodySchema },
    },
    handler: async (request) => markAttendance(app.db, principalOf(request), request.body, { allOrNothing: true }),
  });

  app.get('/api/students/GetStudentsByClassId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: 'The register of a class', querystring: IdQuerySchema, response: { 200: ClassRegisterSchema, ...errors } },
    handler: async (request) => getClassRegister(app.db, principalOf(request), request.query.id),
  });

  app.get('/api/courses/GetCourseStudentOveride', {
    config: { roles: ADMIN },
    schema: { tags, summary: "A student's status on every class of a course", querystring: StudentOverrideQuerySchema, response: { 200: StudentOverrideListSchema, ...errors } },
    handler: async (request) => getStudentOverrides(app.db, request.query.courseId, request.query.studentId),
  });

  app.post('/api/courses/UpdateStudentOveride', {
    config: { roles: ADMIN },
    schema: { tags, summary: "Override a student's status on classes of a course", body: UpdateStudentOverrideRequestSchema, response: { 200: StudentOverrideListSchema, ...errors } },
    handler: async (request) => updateStudentOverrides(app.db, principalOf(request), request.body),
  });
};
