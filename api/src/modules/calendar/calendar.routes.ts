import { CalendarEventListSchema, CalendarQuerySchema } from '@rollbook/shared-types/calendar';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { calendarEvents } from './calendar.service.js';

const response = { 200: CalendarEventListSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['calendar'];

// The spec spells the path "calandar"; kept as is.
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/calandar/TeacherCalandar', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: "A teacher's classes as calendar events", querystring: CalendarQuerySchema, response },
    handler: async (request) => calendarEvents(app.db, principalOf(request), 'teacher', request.query),
  });

  app.get('/api/calandar/RoomCalandar', {
    config: { roles: ADMIN },
    schema: { tags, summary: "A room's classes as calendar events", querystring: CalendarQuerySchema, response },
    handler: async (request) => calendarEvents(app.db, principalOf(request), 'room', request.query),
  });

  app.get('/api/calandar/StudentCalandar', {
    config: { roles: ['CompanyAdmin', 'Student'] },
    schema: { tags, summary: "A student's classes as calendar events", querystring: CalendarQuerySchema, response },
    handler: async (request) => calendarEvents(app.db, principalOf(request), 'student', request.query),
  });
};
