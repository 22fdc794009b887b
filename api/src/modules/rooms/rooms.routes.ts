import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import { RoomListQuerySchema, RoomListResponseSchema, RoomListSchema, RoomSchema, RoomUpsertRequestSchema } from '@rollbook/shared-types/rooms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import { getRoom, getRoomList, getRoomsForCourse, listRoomsOfCompany, saveRoom } from './rooms.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['rooms'];

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/rooms/getall', {
    config: { roles: ADMIN },
    schema: {
      tags,
      summary: 'Rooms: every match by company and name, or with page/pageSize one page, sorted, with the total',
      querystring: RoomListQuerySchema,
      response: { 200: RoomListResponseSchema, ...errors },
    },
    handler: async (request) => getRoomList(app.db, request.query),
  });

  app.get('/api/rooms/getbyid', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'One room', querystring: IdQuerySchema, response: { 200: RoomSchema, ...errors } },
    handler: async (request) => getRoom(app.db, request.query.id),
  });

  app.get('/api/rooms/getbycourseid', {
    config: { roles: ADMIN },
    schema: { tags, summary: "Rooms of a course's company (any room for a private course)", querystring: IdQuerySchema, response: { 200: RoomListSchema, ...errors } },
    handler: async (request) => getRoomsForCourse(app.db, request.query.id),
  });

  app.get('/api/rooms/getbycompanyid', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Rooms of a company', querystring: IdQuerySchema, response: { 200: RoomListSchema, ...errors } },
    handler: async (request) => listRoomsOfCompany(app.db, request.query.id),
  });

  app.post('/api/rooms/upsert', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Save a room', body: RoomUpsertRequestSchema, response: { 200: RoomSchema, ...errors } },
    handler: async (request) => saveRoom(app.db, request.body),
  });
};
