import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import {
  CourseDetailSchema, CourseIdQuerySchema, CourseListQuerySchema, CourseListResponseSchema, CoursesByStudentQuerySchema,
  CoursesByTeacherQuerySchema, CourseUpsertRequestSchema, PersonCourseListSchema, UpdateCourseStatusQuerySchema,
} from '@rollbook/shared-types/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, ALL_ROLES, principalOf } from '../../plugins/auth.js';
import { asAnswer } from '../../plugins/response-serializer.js';
import {
  cloneCourseById, getCourse, getCourseByClass, getCourseList, getCoursesByStudent, getCoursesByTeacher, updateCourseStatus, upsertCourse,
} from './courses.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['courses'];

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/courses/getall', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Courses with their figures, by filter', querystring: CourseListQuerySchema, response: { 200: CourseListResponseSchema, ...errors } },
    handler: async (request) => asAnswer(await getCourseList(app.db, request.query)),
  });

  app.get('/api/courses/GetById', {
    config: { roles: ALL_ROLES },
    schema: { tags, summary: 'One course', querystring: CourseIdQuerySchema, response: { 200: CourseDetailSchema, ...errors } },
    handler: async (request) => getCourse(app.db, principalOf(request), request.query.id),
  });

  app.get('/api/courses/GetCourseByClassId', {
    config: { roles: ALL_ROLES },
    schema: { tags, summary: 'The course of a class', querystring: CourseIdQuerySchema, response: { 200: CourseDetailSchema, ...errors } },
    handler: async (request) => getCourseByClass(app.db, principalOf(request), request.query.id),
  });

  app.post('/api/courses/upsert', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Save the course form (and enrolment changes)', body: CourseUpsertRequestSchema, response: { 200: CourseDetailSchema, ...errors } },
    handler: async (request) => upsertCourse(app.db, request.body),
  });

  app.post('/api/courses/clone', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Clone a course as a Draft without dates or classes', querystring: IdQuerySchema, response: { 200: CourseDetailSchema, ...errors } },
    handler: async (request) => cloneCourseById(app.db, request.query.id),
  });

  app.get('/api/courses/UpdateCourseStatus', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Change the status (Draft only without marked classes)', querystring: UpdateCourseStatusQuerySchema, response: { 200: CourseDetailSchema, ...errors } },
    handler: async (request) => updateCourseStatus(app.db, request.query.courseId, request.query.courseStatusId),
  });

  app.get('/api/courses/GetCoursesByStudentId', {
    config: { roles: ['CompanyAdmin', 'Student'] },
    schema: { tags, summary: "A student's courses", querystring: CoursesByStudentQuerySchema, response: { 200: PersonCourseListSchema, ...errors } },
    handler: async (request) => asAnswer(await getCoursesByStudent(app.db, principalOf(request), request.query)),
  });

  app.get('/api/courses/GetCoursesByTeacherId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: "A teacher's courses", querystring: CoursesByTeacherQuerySchema, response: { 200: PersonCourseListSchema, ...errors } },
    handler: async (request) => asAnswer(await getCoursesByTeacher(app.db, principalOf(request), request.query)),
  });
};
