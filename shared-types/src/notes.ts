import { z } from 'zod';
import { BodyIdSchema, BodyOptionalIdSchema, IdSchema, integerSchema, type IntegerSource } from './integers.js';
import { DEFAULT_PAGE_SIZE, pageQueryShape, pageResponseSchema, type SortDirection } from './list-page.js';
import { NOTE_TYPE_GENERAL, NOTE_TYPE_STUDENT, NOTE_TYPE_TEACHER } from './owner-types.js';

export { NOTE_TYPE_GENERAL, NOTE_TYPE_STUDENT, NOTE_TYPE_TEACHER };

const noteTypeSchema = (source: IntegerSource) => integerSchema(
  { min: 1, max: 3, values: [NOTE_TYPE_STUDENT, NOTE_TYPE_TEACHER, NOTE_TYPE_GENERAL] },
  { source, message: 'entityTypeId must be 1 (student), 2 (teacher) or 3 (general)' },
);

export const NOTE_MESSAGES = {
  text: 'Please enter a note',
  onlyGeneral: 'Only general notes can be deleted',
} as const;

/** A note (spec people-and-access §3). */
export const NoteSchema = z.object({
  noteId: z.number().int(),
  entityId: z.number().int(),
  entityTypeId: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** dd/MM/yyyy HH:mm, school time (Europe/London). */
  dateString: z.string(),
  /** ISO instant of creation. */
  createdAt: z.string(),
  /** Who wrote it; empty when that login no longer exists. */
  userFullName: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;
export const NoteListSchema = z.array(NoteSchema);

/** The notes list's sort keys: what each note shows (its date, its author). Default: newest first. */
export const NOTE_SORT_KEYS = ['date', 'author'] as const;
export type NoteSortKey = (typeof NOTE_SORT_KEYS)[number];
export const NOTE_DEFAULT_SORT = 'date' satisfies NoteSortKey;
/** A key's direction when `dir` is not sent: dates newest first, names A to Z. */
export const NOTE_SORT_NATURAL_DIR = { date: 'desc' } as const satisfies Partial<Record<NoteSortKey, SortDirection>>;
/** The spec names no page size for notes. */
export const NOTE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const notePageShape = pageQueryShape(NOTE_SORT_KEYS);

/**
 * GET /api/notes/GetNotesByTeacherId?entityTypeId=&entityId= (all entity types, despite the name).
 * Without page or pageSize: every note, newest first, as a bare array. With them: one page as NotePage.
 */
export const NotesQuerySchema = z.object({
  entityTypeId: noteTypeSchema('query'),
  entityId: IdSchema,
  ...notePageShape,
});
export type NotesQuery = z.infer<typeof NotesQuerySchema>;

export const NotePageSchema = pageResponseSchema('notes', NoteSchema);
export type NotePage = z.infer<typeof NotePageSchema>;
/** The notes list's answer: the bare list (no paging asked) or one page. */
export const NotesResponseSchema = z.union([NoteListSchema, NotePageSchema]);

/** POST /api/notes/savenote. noteId absent or 0 adds a note; otherwise edits that note. Answers the saved note. */
export const SaveNoteRequestSchema = z.object({
  noteId: BodyOptionalIdSchema,
  entityId: BodyIdSchema,
  entityTypeId: noteTypeSchema('json'),
  text: z.string({ error: NOTE_MESSAGES.text }).trim().min(1, NOTE_MESSAGES.text).max(20_000, 'A note can be at most 20000 characters'),
  title: z.string().trim().max(200, 'A title can be at most 200 characters').nullish().transform((v) => v ?? ''),
});
export type SaveNoteRequest = z.input<typeof SaveNoteRequestSchema>;

/**
 * GET /api/notes/deletenotebyid?id= → the remaining notes of the same entity (only type 3 can be
 * deleted): every one as a bare array, or with page or pageSize that page of them as NotePage.
 */
export const DeleteNoteQuerySchema = z.object({ id: IdSchema, ...notePageShape });
export type DeleteNoteQuery = z.infer<typeof DeleteNoteQuerySchema>;
