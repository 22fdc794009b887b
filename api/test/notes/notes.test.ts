import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let admin: { authorization: string };

beforeAll(async () => {
  const login = await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null);
  await ctx.db.updateTable('users').set({ firstName: 'Alex', lastName: 'Morgan' }).where('userId', '=', login.userId).execute();
  admin = login.headers;
});

const save = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/notes/savenote', payload: payload as object, headers: admin });
const list = (entityTypeId: number, entityId: number) =>
  ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=${entityTypeId}&entityId=${entityId}`, headers: admin });

describe('notes', () => {
  it('adds a note about a student with the writer’s name and the date, and lists it', async () => {
    const student = await createStudent(ctx.db);
    const res = await save({ noteId: 0, entityId: student.studentId, entityTypeId: 1, title: 'Placement', text: 'B1, strong reading.' });
    expect(res.statusCode).toBe(200);
    const note = res.json();
    expect(note).toMatchObject({ entityId: student.studentId, entityTypeId: 1, title: 'Placement', text: 'B1, strong reading.', userFullName: 'Alex Morgan' });
    expect(note.dateString).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(new Date(note.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(1, student.studentId)).json()).toEqual([note]);
  });

  it('lists notes of any entity type, newest first, and only that entity’s', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const other = await createTeacherRecord(ctx.db);
    const first = (await save({ entityId: teacher.teacherId, entityTypeId: 2, text: 'First' })).json();
    const second = (await save({ entityId: teacher.teacherId, entityTypeId: 2, text: 'Second' })).json();
    await save({ entityId: other.teacherId, entityTypeId: 2, text: 'Someone else' });
    expect((await list(2, teacher.teacherId)).json().map((n: { noteId: number }) => n.noteId)).toEqual([second.noteId, first.noteId]);
    expect(first.title).toBe('');
  });

  it('edits a note in place but will not move it to another entity', async () => {
    const student = await createStudent(ctx.db);
    const other = await createStudent(ctx.db);
    const note = (await save({ entityId: student.studentId, entityTypeId: 1, text: 'Draft' })).json();
    const edited = await save({ noteId: note.noteId, entityId: student.studentId, entityTypeId: 1, title: 'Final', text: 'Final text' });
    expect(edited.json()).toMatchObject({ noteId: note.noteId, title: 'Final', text: 'Final text' });
    const moved = await save({ noteId: note.noteId, entityId: other.studentId, entityTypeId: 1, text: 'Moved?' });
    expect(moved.statusCode).toBe(404);
  });

  it.each([
    ['an empty text', { text: '' }, 'text', 'Please enter a note'],
    ['a blank text', { text: '   ' }, 'text', 'Please enter a note'],
    ['a missing text', { text: undefined }, 'text', 'Please enter a note'],
    ['an unknown entity type', { entityTypeId: 4 }, 'entityTypeId', 'entityTypeId must be 1 (student), 2 (teacher) or 3 (general)'],
    ['a missing entity id', { entityId: undefined }, 'entityId', undefined],
  ])('refuses %s with 400 and writes nothing', async (_case, overrides, field, message) => {
    const before = await countRows(ctx.db, 'notes');
    const res = await save({ entityId: 1, entityTypeId: 3, text: 'General', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(field);
    if (message) expect(res.json().fieldErrors[field]).toContain(message);
    expect(await countRows(ctx.db, 'notes')).toBe(before);
  });

  it('answers 404 for a note about a student that does not exist, writing nothing', async () => {
    const before = await countRows(ctx.db, 'notes');
    expect((await save({ entityId: 999_999, entityTypeId: 1, text: 'Ghost' })).statusCode).toBe(404);
    expect(await countRows(ctx.db, 'notes')).toBe(before);
  });

  it('deletes a general note (type 3) and answers the notes left', async () => {
    const keep = (await save({ entityId: 1, entityTypeId: 3, title: 'Keep', text: 'Fire drill on Thursday' })).json();
    const drop = (await save({ entityId: 1, entityTypeId: 3, title: 'Drop', text: 'Wi-Fi password' })).json();
    const res = await ctx.app.inject({ url: `/api/notes/deletenotebyid?id=${drop.noteId}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((n: { noteId: number }) => n.noteId);
    expect(ids).toContain(keep.noteId);
    expect(ids).not.toContain(drop.noteId);
  });

  it('refuses to delete a student or teacher note', async () => {
    const student = await createStudent(ctx.db);
    const note = (await save({ entityId: student.studentId, entityTypeId: 1, text: 'Keep forever' })).json();
    const before = await countRows(ctx.db, 'notes');
    const res = await ctx.app.inject({ url: `/api/notes/deletenotebyid?id=${note.noteId}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Only general notes can be deleted', code: 'NOTE_NOT_DELETABLE' });
    expect(await countRows(ctx.db, 'notes')).toBe(before);
    expect((await ctx.app.inject({ url: '/api/notes/deletenotebyid?id=999999', headers: admin })).statusCode).toBe(404);
  });

  it('is for administrators only: a teacher cannot read notes about their own student', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const { headers } = await loginFor(ctx.app, ctx.db, 'Teacher', teacher.teacherId);
    const res = await ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=2&entityId=${teacher.teacherId}`, headers });
    expect(res.statusCode).toBe(403);
  });
});
