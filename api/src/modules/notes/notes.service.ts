import { NOTE_MESSAGES, NOTE_TYPE_GENERAL, type Note } from '@rollbook/shared-types/notes';
import type { Db } from '../../db/create-db.js';
import { notFound, ruleViolation } from '../../lib/app-error.js';
import { deleteNoteRow, entityExists, findNote, insertNote, listNotes, updateNote } from './notes.repository.js';

// Notes are the office's own record about students and teachers (placement results, invoice
// queries, observations) plus the school's general notes: administrators only. Teachers do not read
// or add notes, not even about their own students, because notes about a teacher sit in the same
// table and the spec gives teachers no notes screen.

export async function notesOf(db: Db, entityTypeId: number, entityId: number): Promise<Note[]> {
  return listNotes(db, entityTypeId, entityId);
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

/** Deletes a general note (type 3) and answers the notes left beside it. */
export async function deleteNote(db: Db, noteId: number): Promise<Note[]> {
  const note = await findNote(db, noteId);
  if (!note) throw notFound('Note not found');
  if (note.entityTypeId !== NOTE_TYPE_GENERAL) throw ruleViolation(NOTE_MESSAGES.onlyGeneral, 'NOTE_NOT_DELETABLE');
  await deleteNoteRow(db, noteId);
  return listNotes(db, note.entityTypeId, note.entityId);
}
