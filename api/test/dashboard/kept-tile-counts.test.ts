import type { CountStats } from '@rollbook/shared-types/dashboard';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DB } from '../../src/db/database.js';
import { countTilesUpToNow } from '../../src/modules/dashboard/count-tiles-job.js';
import { countStats as countStatsOf } from '../../src/modules/dashboard/dashboard.repository.js';
import { createClass, createClasses, createCourse, createTeacherWithRate, daysFromNow } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { countedDirectly, NO_TILES } from './tiles-counted-directly.js';

// The tiles are counts kept by triggers up to a moment W plus what the clock added since, read
// live. Here the kept part itself: it equals each tile's definition at W after every kind of change,
// after W moves any distance, and when a writer and the job that moves W race each other.

const ctx = useTestApp();
let teacher: { teacherId: number; teacherRateId: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function kept(db: Kysely<DB>): Promise<{ counts: CountStats; countedTo: Date }> {
  const { rows } = await sql<{ tile: keyof CountStats; n: number }>`select tile, sum(n)::int as n from dashboard_tile_counts group by tile`.execute(db);
  const { rows: [clock] } = await sql<{ countedTo: Date }>`select counted_to as "countedTo" from dashboard_counted_to`.execute(db);
  return { counts: { ...NO_TILES, ...Object.fromEntries(rows.map((r) => [r.tile, r.n])) }, countedTo: clock!.countedTo };
}

/** The kept counts are the definitions at W, and the tiles the definitions now. */
async function expectExact(db: Kysely<DB> = ctx.db) {
  const { counts, countedTo } = await kept(db);
  expect(counts).toEqual(await countedDirectly(db, countedTo));
  expect(await countStatsOf(db)).toEqual(await countedDirectly(db));
}

const moveTo = async (db: Kysely<DB>, upto: Date) =>
  (await sql<{ moved: boolean }>`select rollbook_dashboard_count_to(${upto.toISOString()}::timestamptz) as moved`.execute(db)).rows[0]!.moved;

/** A class of 60 minutes that ends `ms` from now. */
const endingIn = async (courseId: number, ms: number, statusId = 1) =>
  (await createClass(ctx.db, { ...teacher, courseId, statusId, startsAt: new Date(Date.now() + ms - 60 * MINUTE) })).classId;

class RolledBack extends Error {}
async function inRolledBackTransaction(work: (trx: Kysely<DB>) => Promise<void>) {
  await expect(ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    throw new RolledBack();
  })).rejects.toBeInstanceOf(RolledBack);
}

beforeAll(async () => {
  teacher = await createTeacherWithRate(ctx.db);
  // Courses on every tile and on the edges of the clock's: classes held, to come, ending soon.
  for (const [statusId, duration, past, future] of [[2, 5, 2, 3], [2, 10, 4, 2], [3, 6, 5, 0], [1, 4, 0, 2], [2, 4, 1, 1], [2, 8, 0, 6]] as const) {
    const { courseId } = await createCourse(ctx.db, { statusId, duration, classLengthTemplate: 60 });
    const starts = [...Array.from({ length: past }, (_, i) => daysFromNow(-3 * (i + 1))), ...Array.from({ length: future }, (_, i) => daysFromNow(4 * (i + 1)))];
    if (starts.length > 0) await createClasses(ctx.db, { ...teacher, courseId, starts });
  }
});

describe('the kept dashboard counts', () => {
  it('are each tile\'s definition at the moment they are counted to, after each kind of change', async () => {
    await expectExact();
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 3, classLengthTemplate: 60 });
    const ended = await endingIn(courseId, -2 * MINUTE);
    const soon = await endingIn(courseId, 30 * MINUTE);
    await expectExact();
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', ended).execute();
    await expectExact();
    // Moved back across W, then forward again.
    const at = daysFromNow(-1);
    await ctx.db.updateTable('classes').set({ startsAt: at, endsAt: new Date(at.getTime() + 60 * MINUTE) }).where('classId', '=', soon).execute();
    await expectExact();
    await ctx.db.updateTable('classes').set({ startsAt: daysFromNow(20), endsAt: new Date(daysFromNow(20).getTime() + 60 * MINUTE) }).where('classId', '=', soon).execute();
    await expectExact();
    await ctx.db.updateTable('courses').set({ courseStatusId: 1 }).where('courseId', '=', courseId).execute();
    await expectExact();
    await ctx.db.updateTable('courses').set({ courseStatusId: 2, duration: 9 }).where('courseId', '=', courseId).execute();
    await expectExact();
    await ctx.db.deleteFrom('classes').where('classId', '=', soon).execute();
    await expectExact();
    // A course deleted takes its classes and its totals (by cascade) out of every tile.
    await ctx.db.deleteFrom('classSeries').where('courseId', '=', courseId).execute();
    await ctx.db.deleteFrom('courses').where('courseId', '=', courseId).execute();
    await expectExact();
  });

  it('count what the clock adds as W moves on, however far', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 4, classLengthTemplate: 60 });
    await endingIn(courseId, 90 * MINUTE);
    await endingIn(courseId, 3 * DAY);
    const before = await kept(ctx.db);
    await inRolledBackTransaction(async (trx) => {
      // Far enough for every clock tile: classes end, courses reach 3 left, last classes come within 14 days.
      const upto = new Date(Date.now() + 40 * DAY);
      expect(await moveTo(trx, upto)).toBe(true);
      const after = await kept(trx);
      expect(after.countedTo).toEqual(upto);
      expect(after.counts).toEqual(await countedDirectly(trx, upto));
      for (const tile of ['unmarkedClassTotal', 'lessThanThreeClassesRemaining', 'expiredTotal'] as const) {
        expect(after.counts[tile], tile).toBeGreaterThan(before.counts[tile]);
      }
    });
    // W never moves back: an earlier moment changes nothing.
    expect(await moveTo(ctx.db, new Date(before.countedTo.getTime() - DAY))).toBe(true);
    expect(await kept(ctx.db)).toEqual(before);
  });

  it('come up to the clock from the job, which the app runs for the cluster', async () => {
    await ctx.app.jobs.settled();
    const run = await ctx.db.selectFrom('jobRuns').select('name').where('name', '=', 'dashboard-count-tiles').executeTakeFirst();
    expect(run).toBeDefined();
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 10, classLengthTemplate: 60 });
    await endingIn(courseId, -30_000);
    expect(await countTilesUpToNow(ctx.db)).toBe(true);
    const { countedTo } = await kept(ctx.db);
    // A minute behind the clock, give or take the test's own time.
    expect(Date.now() - countedTo.getTime()).toBeGreaterThanOrEqual(MINUTE - 1_000);
    expect(Date.now() - countedTo.getTime()).toBeLessThan(MINUTE + 10_000);
    await expectExact();
  });

  it('are folded into one row per tile when W moves, the writers\' rows gone', async () => {
    // Writers on several connections at once, each adding to its own row.
    const { courseId } = await createCourse(ctx.db, { statusId: 1, duration: 3, classLengthTemplate: 60 });
    await Promise.all([1, 2, 3].map(() => ctx.db.transaction().execute(async (trx) => {
      await createClass(trx, { ...teacher, courseId, startsAt: daysFromNow(-2) });
      await sleep(100);
    })));
    const before = await kept(ctx.db);
    const { rows: writers } = await sql<{ n: number }>`select count(*)::int as n from dashboard_tile_counts where slot <> -1`.execute(ctx.db);
    expect(writers[0]!.n).toBeGreaterThan(0);
    expect(await moveTo(ctx.db, before.countedTo)).toBe(true);
    const { rows } = await sql<{ slot: number }>`select distinct slot from dashboard_tile_counts`.execute(ctx.db);
    expect(rows).toEqual([{ slot: -1 }]);
    expect(await kept(ctx.db)).toEqual(before);
    await expectExact();
  });

  it('hold nothing of a table emptied by truncate', async () => {
    await inRolledBackTransaction(async (trx) => {
      await sql`truncate classes cascade`.execute(trx);
      expect((await kept(trx)).counts.unmarkedClassTotal).toBe(0);
      await expectExact(trx);
      await sql`truncate courses cascade`.execute(trx);
      expect((await kept(trx)).counts).toEqual(NO_TILES);
      await expectExact(trx);
    });
  });
});

// Two connections at once: PGlite is one session, so there the job and the writer are the same.
describe.runIf(inject('postgres') !== null)('a writer racing the job that moves W', () => {
  it('keeps the job from moving W while it has changes in flight, and W moves once it commits', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 10, classLengthTemplate: 60 });
    const classId = await endingIn(courseId, 1_000);
    await sleep(1_500);
    const countedBefore = (await kept(ctx.db)).countedTo;
    await ctx.db.transaction().execute(async (writer) => {
      await writer.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId).execute();
      expect(await moveTo(ctx.db, new Date())).toBe(false);
      expect((await kept(ctx.db)).countedTo).toEqual(countedBefore);
    });
    expect(await moveTo(ctx.db, new Date())).toBe(true);
    await expectExact();
  });

  it('never makes one writer wait for another\'s kept counts', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 10, classLengthTemplate: 60 });
    const [first, second] = [await endingIn(courseId, -5 * MINUTE), await endingIn(courseId, -10 * MINUTE)];
    // A long transaction (an import, say) that changed a tile and has not committed...
    await ctx.db.transaction().execute(async (long) => {
      await long.updateTable('classes').set({ statusId: 3 }).where('classId', '=', first).execute();
      // ...does not hold up a teacher's mark on another connection, however short its lock wait.
      await ctx.db.transaction().execute(async (mark) => {
        await sql`set local lock_timeout = '200ms'`.execute(mark);
        await mark.updateTable('classes').set({ statusId: 3 }).where('classId', '=', second).execute();
      });
    });
    await expectExact();
  });

  it('makes a writer wait while the job moves W, then judges its change against the new W', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 2, duration: 10, classLengthTemplate: 60 });
    const classId = await endingIn(courseId, 1_000);
    await sleep(1_500);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let moved!: () => void;
    const hasMoved = new Promise<void>((resolve) => { moved = resolve; });
    // The job counts the class (ended, unmarked) and holds its transaction open.
    const job = ctx.db.transaction().execute(async (trx) => {
      expect(await moveTo(trx, new Date())).toBe(true);
      moved();
      await released;
    });
    await hasMoved;
    let marked = false;
    const writer = ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId).execute().then(() => { marked = true; });
    await sleep(300);
    expect(marked).toBe(false);
    release();
    await job;
    await writer;
    // The job counted it unmarked; the mark, judged against the new W, took it off again.
    await expectExact();
  });
});
