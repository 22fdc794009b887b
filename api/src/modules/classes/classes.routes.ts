import {
  ApplyToSeriesRequestSchema, ApplyToSeriesResponseSchema, ClashResponseSchema, ClassIdQuerySchema, ClassItemSchema,
  ClassListQuerySchema, ClassListResponseSchema, ClassSeriesSchema, CLASS_MESSAGES, DeleteResultSchema,
  GenerateClassesRequestSchema, GenerateClassesResponseSchema, MoveToEndQuerySchema, UpdateClassDateQuerySchema,
  UpdateClassRequestSchema, type Clash,
} from '@rollbook/shared-types/classes';
import { ClassPlanSchema } from '@rollbook/shared-types/closures';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { parseDmyTime } from '@rollbook/shared-types/dates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';
import { ADMIN, ADMIN_OR_TEACHER, ALL_ROLES, principalOf } from '../../plugins/auth.js';
import { asAnswer } from '../../plugins/response-serializer.js';
import { applyToSeries, updateClass } from './class-edit.service.js';
import { deleteClass, deleteSeriesByClass, getClassById, getClassesByCourse, getClassList, getSeriesByCourse } from './classes.service.js';
import { planClasses } from './class-plan.js';
import { generateClasses } from './generate.service.js';
import { moveClassToEnd, rescheduleClass } from './reschedule.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const withClashes = { ...errors, 409: ClashResponseSchema };
const tags = ['classes'];

/** A double booking: 409 with the clashes; the client may repeat the call with allowClashes. */
function clashReply(reply: FastifyReply, clashes: Clash[]) {
  return reply.code(409).send({ message: CLASS_MESSAGES.clash, code: 'CLASH' as const, clashes });
}

export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/classes/GetByFilter', {
    config: { roles: ALL_ROLES },
    schema: { tags, summary: 'Classes by filter and period', querystring: ClassListQuerySchema, response: { 200: ClassListResponseSchema, ...errors } },
    handler: async (request) => asAnswer(await getClassList(app.db, principalOf(request), request.query)),
  });

  app.get('/api/classes/getbyid', {
    config: { roles: ALL_ROLES },
    schema: { tags, summary: 'One class', querystring: ClassIdQuerySchema, response: { 200: ClassItemSchema, ...errors } },
    handler: async (request) => getClassById(app.db, principalOf(request), request.query.id),
  });

  app.get('/api/classes/GetByCourseId', {
    config: { roles: ALL_ROLES },
    schema: { tags, summary: 'Classes of a course', querystring: ClassIdQuerySchema, response: { 200: z.array(ClassItemSchema), ...errors } },
    handler: async (request) => getClassesByCourse(app.db, principalOf(request), request.query.id),
  });

  app.get('/api/classes/GetSeriesByCourseId', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Class series of a course', querystring: ClassIdQuerySchema, response: { 200: z.array(ClassSeriesSchema), ...errors } },
    handler: async (request) => getSeriesByCourse(app.db, request.query.id),
  });

  app.post('/api/classes/GenerateClasses', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Generate a series of classes', body: GenerateClassesRequestSchema, response: { 200: GenerateClassesResponseSchema, ...withClashes } },
    handler: async (request, reply) => {
      const outcome = await generateClasses(app.db, request.body);
      return outcome.kind === 'clashes' ? clashReply(reply, outcome.clashes) : outcome.result;
    },
  });

  app.post('/api/classes/PlanClasses', {
    config: { roles: ADMIN },
    schema: { tags, summary: "The dates GenerateClasses would use and the closure days it would skip (writes nothing)", body: GenerateClassesRequestSchema, response: { 200: ClassPlanSchema, ...errors } },
    handler: async (request) => planClasses(app.db, request.body),
  });

  app.post('/api/classes/updateclass', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Change one class', body: UpdateClassRequestSchema, response: { 200: ClassItemSchema, ...withClashes } },
    handler: async (request, reply) => {
      const outcome = await updateClass(app.db, principalOf(request), request.body);
      return outcome.kind === 'clashes' ? clashReply(reply, outcome.clashes) : outcome.classItem;
    },
  });

  app.post('/api/classes/applyToSeries', {
    config: { roles: ADMIN },
    schema: { tags, summary: "Apply a class's teacher, rate, room, length and time to its series", body: ApplyToSeriesRequestSchema, response: { 200: ApplyToSeriesResponseSchema, ...withClashes } },
    handler: async (request, reply) => {
      const outcome = await applyToSeries(app.db, principalOf(request), request.body);
      return outcome.kind === 'clashes' ? clashReply(reply, outcome.clashes) : outcome;
    },
  });

  app.get('/api/classes/UpdateClassDate', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: 'Reschedule a class (d/m/yyyy HH:mm, London time)', querystring: UpdateClassDateQuerySchema, response: { 200: ClassItemSchema, ...withClashes } },
    handler: async (request, reply) => {
      const { classId, classDate, classLength, allowClashes } = request.query;
      const when = parseDmyTime(classDate);
      if (!when) throw badRequest(CLASS_MESSAGES.classDate, { classDate: [CLASS_MESSAGES.classDate] });
      const outcome = await rescheduleClass(app.db, principalOf(request), { classId, ...when, ...(classLength ? { classLength } : {}) }, { allowClashes });
      return outcome.kind === 'clashes' ? clashReply(reply, outcome.clashes) : outcome.classItem;
    },
  });

  app.get('/api/classes/UpdateClassDateToLast', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: { tags, summary: 'Move a class to the end of its series', querystring: MoveToEndQuerySchema, response: { 200: ClassItemSchema, ...withClashes } },
    handler: async (request, reply) => {
      const outcome = await moveClassToEnd(app.db, principalOf(request), request.query.classId, { allowClashes: request.query.allowClashes });
      return outcome.kind === 'clashes' ? clashReply(reply, outcome.clashes) : outcome.classItem;
    },
  });

  app.get('/api/classes/deletebyid', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Delete one class (not Marked or Paid)', querystring: ClassIdQuerySchema, response: { 200: DeleteResultSchema, ...errors } },
    handler: async (request) => deleteClass(app.db, principalOf(request), request.query.id),
  });

  app.get('/api/classes/DeleteSeriesByClassId', {
    config: { roles: ADMIN },
    schema: { tags, summary: "Delete a class's series, keeping Marked and Paid classes", querystring: ClassIdQuerySchema, response: { 200: DeleteResultSchema, ...errors } },
    handler: async (request) => deleteSeriesByClass(app.db, principalOf(request), request.query.id),
  });
};
