import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { DeleteNoteQuerySchema, NoteSchema, NotesQuerySchema, NotesResponseSchema, SaveNoteRequestSchema } from '@rollbook/shared-types/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { deleteNote, notesOf, saveNote } from './notes.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notes/GetNotesByTeacherId', {
    config: { roles: ADMIN },
    schema: {
      tags: ['notes'],
      summary: 'Notes of any entity (1 student, 2 teacher, 3 general), newest first, or with page/pageSize one page, sorted, with the total (admin)',
      querystring: NotesQuerySchema,
      response: { 200: NotesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { entityTypeId, entityId, ...paging } = request.query;
      return notesOf(app.db, entityTypeId, entityId, paging);
    },
  });

  app.post('/api/notes/savenote', {
    config: { roles: ADMIN },
    schema: {
      tags: ['notes'],
      summary: 'Add (noteId 0 or absent) or edit a note; answers the saved note (admin)',
      body: SaveNoteRequestSchema,
      response: { 200: NoteSchema, ...errors },
    },
    handler: async (request) => saveNote(app.db, principalOf(request).userId, request.body),
  });

  app.get('/api/notes/deletenotebyid', {
    config: { roles: ADMIN },
    schema: {
      tags: ['notes'],
      summary: 'Delete a general note (type 3 only); answers the remaining notes of that entity, or with page/pageSize that page of them (admin)',
      querystring: DeleteNoteQuerySchema,
      response: { 200: NotesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { id, ...paging } = request.query;
      return deleteNote(app.db, id, paging);
    },
  });
};
