import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreBackup } from '../../src/db/backup/restore-backup.js';
import { writeBackup } from '../../src/db/backup/write-backup.js';
import type { DbHandle } from '../../src/db/create-db.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, newClasses, newCourse, newTeacher, pull, type Person } from '../helpers/sync-factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { engines, migratedDatabase } from './school-snapshot.js';

// A school restores last night's backup while its teachers' phones hold pull cursors from today:
// marks of a history the restore took back. Their next pull must give them the restored school
// whole, not "what changed since" a point the restored database never reached.

vi.setConfig({ testTimeout: 120_000 });

const kind = engines[0]!;
let handle: DbHandle;
let app: FastifyInstance;

beforeAll(async () => {
  handle = await migratedDatabase(kind);
  app = await buildTestApp(handle.db);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const decoded = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
const changeSeq = async () => Number((await sql<{ seq: string }>`select last_value::text as seq from rollbook_change_seq`.execute(handle.db)).rows[0]!.seq);

describe(`a phone after a restore of an older backup (${kind})`, () => {
  it("gets the restored school in full on its next pull, though its cursor is ahead of the restored database's changes", async () => {
    const db = handle.db;
    const teacher: Person & { teacherId: number; teacherRateId: number } = await newTeacher(app, db);
    const courseId = await newCourse(db);
    const [kept, moved, removedLater] = await newClasses(db, { courseId, teacher, starts: [hoursFromNow(24), hoursFromNow(48), hoursFromNow(72)] }) as [number, number, number];
    const studentId = (await createStudent(db)).studentId;
    await enrol(db, courseId, [studentId]);
    const clientId = randomUUID();
    const first = (await pull(app, teacher, clientId)).body;
    expect(first.reset).toBe(true);
    const movedAsBackedUp = first.classes.find((c) => c.classId === moved)!;

    const file = join(await mkdtemp(join(tmpdir(), 'rollbook-restore-phones-')), 'last-night.jsonl.gz');
    await writeBackup(db, kind, file);

    // The day goes on after the backup, and the phone keeps up with it.
    const [addedLater] = await newClasses(db, { courseId, teacher, starts: [hoursFromNow(96)] });
    await db.updateTable('classes').set({ startsAt: hoursFromNow(50), endsAt: hoursFromNow(51) }).where('classId', '=', moved).execute();
    await db.deleteFrom('classAttendance').where('classId', '=', removedLater).execute();
    await db.deleteFrom('classes').where('classId', '=', removedLater).execute();
    await db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', kept).execute();
    const today = (await pull(app, teacher, clientId, first.cursor)).body;
    expect(today.reset).toBe(false);
    expect(today.classes.map((c) => c.classId).sort()).toEqual([kept, moved, addedLater].sort());
    expect(today.removed.classIds).toEqual([removedLater]);

    await app.close();
    await restoreBackup(db, file, { force: true });
    app = await buildTestApp(db);
    // The hazard: the phone's cursor is past every change number the restored database has given out.
    expect(decoded(today.cursor)[3]).toBeGreaterThan(await changeSeq());

    const next = (await pull(app, teacher, clientId, today.cursor)).body;
    expect(next.reset).toBe(true);
    expect(next.classes.map((c) => c.classId).sort()).toEqual([kept, moved, removedLater].sort());
    expect(next.classes.find((c) => c.classId === moved)).toMatchObject({ startsAt: movedAsBackedUp.startsAt, endsAt: movedAsBackedUp.endsAt });
    expect(next.attendance.find((a) => a.classId === kept && a.studentId === studentId)).toMatchObject({ statusId: 1 });
    expect(next.attendance.map((a) => a.classId).sort()).toEqual([kept, moved, removedLater].sort());
    expect(next.courses.map((c) => c.courseId)).toEqual([courseId]);
    expect(next.students.map((s) => s.studentId)).toEqual([studentId]);

    // From there the restored history goes on as usual: a change reaches the phone on the pull after.
    await db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', moved).execute();
    const after = (await pull(app, teacher, clientId, next.cursor)).body;
    expect(after.reset).toBe(false);
    expect(after.classes.map((c) => c.classId)).toEqual([moved]);
    expect(after.attendance).toEqual([expect.objectContaining({ classId: moved, studentId, statusId: 2 })]);
  });

  it('gives each restore a new epoch, so restoring one file twice does not make the first restore\'s cursors good again', async () => {
    const epoch = async () => (await handle.db.selectFrom('syncEpoch').select('epoch').executeTakeFirstOrThrow()).epoch;
    const file = join(await mkdtemp(join(tmpdir(), 'rollbook-restore-phones-')), 'twice.jsonl.gz');
    await writeBackup(handle.db, kind, file);
    const original = await epoch();
    await app.close();
    await restoreBackup(handle.db, file, { force: true });
    const once = await epoch();
    await restoreBackup(handle.db, file, { force: true });
    const twice = await epoch();
    app = await buildTestApp(handle.db);
    expect(new Set([original, once, twice]).size).toBe(3);
  });
});
