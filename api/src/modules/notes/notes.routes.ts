import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { DeleteNoteQuerySchema, NoteListSchema, NoteSchema, NotesQuerySchema, SaveNoteRequestSchema } from '@rollbook/shared-types/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { deleteNote, notesOf, saveNote } from './notes.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notes/GetNotesByTeacherId', {
    config: { roles: ADMIN },
    schema: {
      tags: ['notes'],
      summary: 'Notes of any entity (1 student, 2 teacher, 3 general), newest first (admin)',
      querystring: NotesQuerySchema,
      response: { 200: NoteListSchema, ...errors },
    },
    handler: async (request) => notesOf(app.db, request.query.entityTypeId, request.query.entityId),
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
      summary: 'Delete a general note (type 3 only); answers the remaining notes of that entity (admin)',
      querystring: DeleteNoteQuerySchema,
      response: { 200: NoteListSchema, ...errors },
    },
    handler: async (request) => deleteNote(app.db, request.query.id),
  });
};
