import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import {
  StudentListQuerySchema,
  StudentListResponseSchema,
  StudentSchema,
  StudentsForTeacherQuerySchema,
  StudentUpsertRequestSchema,
  TeacherStudentListSchema,
} from '@rollbook/shared-types/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, ALL_ROLES, principalOf } from '../../plugins/auth.js';
import { getStudent, getStudentList, studentsForTeacher, upsertStudent } from './students.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/students/getall', {
    config: { roles: ADMIN },
    schema: {
      tags: ['students'],
      summary: 'Student list (admin), 100 a page, sorted by any column but Current courses',
      querystring: StudentListQuerySchema,
      response: { 200: StudentListResponseSchema, ...errors },
    },
    handler: async (request) => getStudentList(app.db, request.query),
  });

  app.get('/api/students/getbyid', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['students'],
      summary: 'One student: any for an admin, a teacher their own students, a student themselves',
      querystring: IdQuerySchema,
      response: { 200: StudentSchema, ...errors },
    },
    handler: async (request) => getStudent(app.db, principalOf(request), request.query.id),
  });

  app.post('/api/students/upsert', {
    config: { roles: ADMIN },
    schema: {
      tags: ['students'],
      summary: 'Create or update a student (admin); answers the saved student',
      body: StudentUpsertRequestSchema,
      response: { 200: StudentSchema, ...errors },
    },
    handler: async (request) => upsertStudent(app.db, request.body),
  });

  app.get('/api/students/GetStudentsForTeacherId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['students'],
      summary: "A teacher's students (of their classes); a teacher may ask only for themselves",
      querystring: StudentsForTeacherQuerySchema,
      response: { 200: TeacherStudentListSchema, ...errors },
    },
    handler: async (request) => studentsForTeacher(app.db, principalOf(request), request.query.teacherId),
  });
};
