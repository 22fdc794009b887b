import {
  NOTE_DEFAULT_SORT, NOTE_MESSAGES, NOTE_PAGE_SIZE, NOTE_SORT_NATURAL_DIR, NOTE_TYPE_GENERAL, type Note, type NotePage, type NoteSortKey,
} from '@rollbook/shared-types/notes';
import type { Db } from '../../db/create-db.js';
import { notFound, ruleViolation } from '../../lib/app-error.js';
import { pageInfo, pageRequest, type PageQuery } from '../../lib/list-page.js';
import { deleteNoteRow, entityExists, findNote, insertNote, listNotes, pageNotes, updateNote } from './notes.repository.js';

// Notes are the office's own record about students and teachers (placement results, invoice
// queries, observations) plus the school's general notes: administrators only. Teachers do not read
// or add notes, not even about their own students, because notes about a teacher sit in the same
// table and the spec gives teachers no notes screen.

/**
 * An entity's notes. With page or pageSize (the notes panel): one page in the asked order with the
 * total. Without them (older clients): every note as a bare array, newest first.
 */
export async function notesOf(db: Db, entityTypeId: number, entityId: number, q: PageQuery<NoteSortKey> = {}): Promise<Note[] | NotePage> {
  const p = pageRequest(q, { sort: NOTE_DEFAULT_SORT, naturalDir: NOTE_SORT_NATURAL_DIR, pageSize: NOTE_PAGE_SIZE });
  if (!p.paged) return listNotes(db, entityTypeId, entityId, p);
  const { notes, total } = await pageNotes(db, entityTypeId, entityId, p);
  return { notes, ...pageInfo(p, total) };
}

export async function saveNote(
  db: Db,
  userId: number,
  input: { noteId: number | null; entityTypeId: number; entityId: number; title: string; text: string },
): Promise<Note> {
  if (!(await entityExists(db, input.entityTypeId, input.entityId))) {
    throw notFound(input.entityTypeId === 1 ? 'Student not found' : 'Teacher not found');
  }
  let noteId = input.noteId;
  if (noteId === null) {
    noteId = await insertNote(db, { entityTypeId: input.entityTypeId, entityId: input.entityId, title: input.title, text: input.text, createdBy: userId });
  } else {
    const existing = await findNote(db, noteId);
    // A note keeps its subject: editing cannot move it to another student or teacher.
    if (!existing || existing.entityTypeId !== input.entityTypeId || existing.entityId !== input.entityId) throw notFound('Note not found');
    await updateNote(db, noteId, { title: input.title, text: input.text });
  }
  const saved = await findNote(db, noteId);
  if (!saved) throw notFound('Note not found');
  return saved;
}

/** Deletes a general note (type 3) and answers the notes left beside it: all of them, or the asked page. */
export async function deleteNote(db: Db, noteId: number, q: PageQuery<NoteSortKey> = {}): Promise<Note[] | NotePage> {
  const note = await findNote(db, noteId);
  if (!note) throw notFound('Note not found');
  if (note.entityTypeId !== NOTE_TYPE_GENERAL) throw ruleViolation(NOTE_MESSAGES.onlyGeneral, 'NOTE_NOT_DELETABLE');
  await deleteNoteRow(db, noteId);
  return notesOf(db, note.entityTypeId, note.entityId, q);
}
