import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { pruneSyncHistory, recordPruneMark } from '../../src/modules/sync/sync-history.repository.js';
import { hoursFromNow, newClasses, newCourse, newTeacher, pull, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Tombstones and hand-overs are pruned below a change mark older than every cursor a pull still
// accepts (7 days): what no pull can ask for again goes, what one still may ask for stays.

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };
let other: Person & { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
  other = await newTeacher(ctx.app, ctx.db);
});

async function lesson(): Promise<number> {
  const courseId = await newCourse(ctx.db);
  const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(24)] });
  return classId as number;
}

const deleteClass = (classId: number) => ctx.db.deleteFrom('classes').where('classId', '=', classId).execute();
const handOn = (classId: number) => ctx.db.updateTable('classes')
  .set({ teacherId: other.teacherId, teacherRateId: other.teacherRateId }).where('classId', '=', classId).execute();

async function tombstoneOf(classId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from sync_tombstones where table_name = 'classes' and (row_key ->> 'class_id')::int = ${classId}`.execute(ctx.db);
  return rows.length > 0;
}
async function handoverOf(classId: number): Promise<boolean> {
  return (await ctx.db.selectFrom('syncClassHandovers').select('classId').where('classId', '=', classId).executeTakeFirst()) !== undefined;
}

/** Records a mark and dates it `days` days back. */
async function markTaken(daysAgo: number): Promise<void> {
  await recordPruneMark(ctx.db);
  const newest = await ctx.db.selectFrom('syncPruneMarks').select('markId').orderBy('markId', 'desc').executeTakeFirstOrThrow();
  await ctx.db.updateTable('syncPruneMarks').set({ takenAt: sql`now() - make_interval(days => ${daysAgo})` }).where('markId', '=', newest.markId).execute();
}

describe('pruning sync history', () => {
  it('keeps everything while no mark is older than the oldest accepted cursor', async () => {
    const deleted = await lesson();
    await deleteClass(deleted);
    await markTaken(6);
    expect(await pruneSyncHistory(ctx.db)).toEqual({ tombstones: 0, handovers: 0 });
    expect(await tombstoneOf(deleted)).toBe(true);
  });

  it('deletes tombstones and hand-overs below an old mark, keeps those after it, and pulls still see them', async () => {
    const [deletedBefore, handedBefore] = [await lesson(), await lesson()];
    await deleteClass(deletedBefore);
    await handOn(handedBefore);
    await markTaken(9);
    const clientId = randomUUID();
    const first = await pull(ctx.app, teacher, clientId);
    const [deletedAfter, handedAfter] = [await lesson(), await lesson()];
    const second = await pull(ctx.app, teacher, clientId, first.body.cursor);
    await deleteClass(deletedAfter);
    await handOn(handedAfter);

    const pruned = await pruneSyncHistory(ctx.db);
    expect(pruned.tombstones).toBeGreaterThanOrEqual(1);
    expect(pruned.handovers).toBeGreaterThanOrEqual(1);
    expect([await tombstoneOf(deletedBefore), await handoverOf(handedBefore)]).toEqual([false, false]);
    expect([await tombstoneOf(deletedAfter), await handoverOf(handedAfter)]).toEqual([true, true]);
    // The marks below the one used are gone with what they covered.
    const old = await ctx.db.selectFrom('syncPruneMarks').select('markId').where('takenAt', '<', sql<Date>`now() - interval '8 days'`).execute();
    expect(old).toHaveLength(1);

    const third = await pull(ctx.app, teacher, clientId, second.body.cursor);
    expect(third.statusCode).toBe(200);
    expect(third.body.removed.classIds.sort()).toEqual([deletedAfter, handedAfter].sort());
  });
});

// A transaction in flight while the mark is taken: two connections, PostgreSQL only.
describe.runIf(inject('postgres') !== null)('pruning under a writer in flight', () => {
  let second: DbHandle;

  beforeAll(() => {
    second = createPostgresDb(ctx.testDb.url as string, 2);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('keeps the tombstone of a transaction still running when the mark was taken, though its seq is below the mark', async () => {
    const classId = await lesson();
    let commit: () => void = () => undefined;
    const committing = new Promise<void>((resolve) => { commit = resolve; });
    let deleted: () => void = () => undefined;
    const hasDeleted = new Promise<void>((resolve) => { deleted = resolve; });
    const writer = second.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('classes').where('classId', '=', classId).execute();
      deleted();
      await committing;
    });
    await hasDeleted;
    await markTaken(9);
    commit();
    await writer;
    await pruneSyncHistory(ctx.db);
    // A pull whose cursor was taken with that writer in flight re-reads its rows by their xid: still needed.
    expect(await tombstoneOf(classId)).toBe(true);
  });
});
