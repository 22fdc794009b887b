import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { STUDENT_PAGE_SIZE, StudentListQuerySchema, StudentListResponseSchema } from '@rollbook/shared-types/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import { listStudents } from './students.repository.js';

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/students/getall', {
    config: { roles: ADMIN },
    schema: {
      tags: ['students'],
      summary: 'Student list (admin), 100 a page',
      querystring: StudentListQuerySchema,
      response: { 200: StudentListResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (request) => {
      const { students, total } = await listStudents(app.db, request.query);
      return { students, total, page: request.query.page, pageSize: STUDENT_PAGE_SIZE };
    },
  });
};
