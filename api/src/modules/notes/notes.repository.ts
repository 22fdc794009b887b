import type { Note } from '@rollbook/shared-types/notes';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

// Notes are dated in school time; dateString is what the list shows.
const selectNote = (db: Db) =>
  db
    .selectFrom('notes')
    .leftJoin('users', 'users.userId', 'notes.createdBy')
    .select([
      'notes.noteId', 'notes.entityId', 'notes.entityTypeId', 'notes.title', 'notes.text',
      sql<string>`to_char(notes.created_at at time zone 'Europe/London', 'DD/MM/YYYY HH24:MI')`.as('dateString'),
      sql<string>`to_char(notes.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('createdAt'),
      sql<string>`coalesce(trim(users.first_name || ' ' || users.last_name), '')`.as('userFullName'),
    ]);

export async function listNotes(db: Db, entityTypeId: number, entityId: number): Promise<Note[]> {
  return selectNote(db)
    .where('notes.entityTypeId', '=', entityTypeId)
    .where('notes.entityId', '=', entityId)
    .orderBy('notes.createdAt', 'desc')
    .orderBy('notes.noteId', 'desc')
    .execute();
}

export async function findNote(db: Db, noteId: number): Promise<Note | undefined> {
  return selectNote(db).where('notes.noteId', '=', noteId).executeTakeFirst();
}

export async function insertNote(db: Db, note: { entityTypeId: number; entityId: number; title: string; text: string; createdBy: number }): Promise<number> {
  const { noteId } = await db.insertInto('notes').values(note).returning('noteId').executeTakeFirstOrThrow();
  return noteId;
}

export async function updateNote(db: Db, noteId: number, note: { title: string; text: string }): Promise<void> {
  await db.updateTable('notes').set(note).where('noteId', '=', noteId).execute();
}

export async function deleteNoteRow(db: Db, noteId: number): Promise<void> {
  await db.deleteFrom('notes').where('noteId', '=', noteId).execute();
}

export async function entityExists(db: Db, entityTypeId: number, entityId: number): Promise<boolean> {
  if (entityTypeId === 1) {
    return (await db.selectFrom('students').select('studentId').where('studentId', '=', entityId).executeTakeFirst()) !== undefined;
  }
  if (entityTypeId === 2) {
    return (await db.selectFrom('teachers').select('teacherId').where('teacherId', '=', entityId).executeTakeFirst()) !== undefined;
  }
  return true;
}
