import type { Note, NoteSortKey } from '@rollbook/shared-types/notes';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { orderBySql, type PageRequest } from '../../lib/list-page.js';

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

const authorSql = sql`coalesce(trim(users.first_name || ' ' || users.last_name), '')`;

const NOTE_SORT_SQL: Record<NoteSortKey, RawBuilder<unknown>> = {
  // notes_entity_order_idx (entity_type_id, entity_id, created_at, note_id) serves this order.
  date: sql`notes.created_at`,
  author: sql`lower(${authorSql})`,
};

const noteOrder = (sort: NoteSortKey, dir: SortDirection) => orderBySql(NOTE_SORT_SQL[sort], sql`notes.note_id`, dir);

const notesOfEntity = (db: Db, entityTypeId: number, entityId: number) =>
  selectNote(db).where('notes.entityTypeId', '=', entityTypeId).where('notes.entityId', '=', entityId);

/** Every note of an entity (the whole-list call), newest first unless another order is asked for. */
export async function listNotes(db: Db, entityTypeId: number, entityId: number, order: { sort: NoteSortKey; dir: SortDirection } = { sort: 'date', dir: 'desc' }): Promise<Note[]> {
  return notesOfEntity(db, entityTypeId, entityId).orderBy(noteOrder(order.sort, order.dir)).execute();
}

/** One page of an entity's notes; the total rides on its rows as an uncorrelated subquery (run once). */
export async function pageNotes(db: Db, entityTypeId: number, entityId: number, p: PageRequest<NoteSortKey>): Promise<{ notes: Note[]; total: number }> {
  const counted = db.selectFrom('notes').select(sql<number>`count(*)::int`.as('n'))
    .where('entityTypeId', '=', entityTypeId).where('entityId', '=', entityId);
  const rows = await notesOfEntity(db, entityTypeId, entityId)
    .select(counted.as('total'))
    .orderBy(noteOrder(p.sort, p.dir))
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { notes: rows.map(({ total: _total, ...note }) => note), total };
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
