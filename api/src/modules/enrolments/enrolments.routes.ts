import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  DeleteStudentFromCourseQuerySchema, DeleteStudentFromCourseResponseSchema, StudentsByCourseQuerySchema,
  StudentsOnCourseResponseSchema, UpdateStudentStatusRequestSchema, UpdateStudentStatusResponseSchema,
} from '@rollbook/shared-types/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { deleteStudentFromCourse, getStudentsOnCourse, updateStudentStatuses } from './enrolments.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['enrolments'];

export const enrolmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/students/GetStudentsByCourseId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: 'Students on a course, by status and first name, 9 a page', querystring: StudentsByCourseQuerySchema, response: { 200: StudentsOnCourseResponseSchema, ...errors } },
    handler: async (request) => getStudentsOnCourse(app.db, principalOf(request), request.query),
  });

  app.post('/api/courses/UpdateStudentStatus', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Enrol (1), enquire (2), wait (3) or clear (0) students on a course', body: UpdateStudentStatusRequestSchema, response: { 200: UpdateStudentStatusResponseSchema, ...errors } },
    handler: async (request) => updateStudentStatuses(app.db, principalOf(request), request.body.courseId, request.body.students),
  });

  app.get('/api/courses/DeleteStudentFromCourse', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Remove a student from a course (not once marked or paid)', querystring: DeleteStudentFromCourseQuerySchema, response: { 200: DeleteStudentFromCourseResponseSchema, ...errors } },
    handler: async (request) => deleteStudentFromCourse(app.db, principalOf(request), request.query.courseId, request.query.studentId),
  });
};
