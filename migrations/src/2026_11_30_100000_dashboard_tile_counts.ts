import { sql, type Kysely, type RawBuilder } from 'kysely';

// The dashboard's five count tiles (spec §2.11) were index-only counts: one index entry read per
// class or course counted, so a chain of schools paid ten times a school's price for the same five
// numbers (5,800 entries at scale 100). They are now counts kept by triggers, in the same
// transaction as each change, plus what the clock alone has added since they were last brought up to
// date:
//
// - dashboard_counted_to.counted_to is a moment W. For each tile, dashboard_tile_counts holds the
//   number of rows that count in the tile by W (a class that ended by W unmarked, a course whose
//   last class is within 14 days of W's London day, ...), spread over slots that the readers sum.
// - A tile's number now is that sum plus the rows that started counting after W, up to now: a range
//   of the same indexes as before, but only over the minutes since W (api dashboard.repository).
// - A cluster job moves W up to a minute ago (rollbook_dashboard_count_to), adding to the kept counts
//   what the clock added between the old W and the new. The job can stop: the answer stays exact,
//   the range read at each call just grows.
//
// Exactness with writers racing the job: every trigger below holds a shared advisory lock (the
// tiles' clock) until its transaction ends, and reads W under it; the job only runs when it can take
// that lock exclusively (it tries, never waits, so marking never queues behind it), so no change is
// both left out of the job's count and judged against the old W.
//
// Slots: a transaction adds its deltas to the row of its own server process (slot =
// pg_backend_pid()), so no two writers in flight ever share a row lock: a long import never makes a
// teacher's push wait, and no two transactions can lock tiles in opposite orders. The job, when it
// runs (no writer in flight then), folds every process's rows into slot -1 and deletes them, so the
// readers sum a few rows per server connection, not one per process ever seen.
//
// What counts in each tile is the same rule as the live reads (api dashboard.repository through the
// courses list's figure filters and the classes' derived status); tiles-counted-directly.ts in the
// API tests holds the definitions every change is checked against.

// Not under 'rollbook:' (the prefix of cluster-lock.ts's names), so no cluster lock can share it.
const LOCK = sql`hashtextextended('rollbook dashboard tiles: clock', 0)`;
const LONDON_DAY = (at: RawBuilder<unknown>) => sql`(${at} at time zone 'Europe/London')::date`;

interface Tile {
  /** The field of GET /api/reports/GetCountStats it makes up. */
  name: string;
  table: 'classes' | 'course_class_totals';
  /** Whether row `r` counts in the tile at the moment `at`. */
  countsBy(r: string, at: RawBuilder<unknown>): RawBuilder<unknown>;
  /** Whether the clock alone moves rows into the tile (false: the moment is ignored). */
  clock: boolean;
}

const col = (r: string, name: string) => sql.raw(`${r}.${name}`);

const TILES: Tile[] = [
  // Requires marking: Scheduled or Requires marking (1, 2) and ended (shared-types class-status-rules).
  { name: 'unmarkedClassTotal', table: 'classes', clock: true, countsBy: (r, at) => sql`(${col(r, 'status_id')} in (1, 2) and ${col(r, 'ends_at')} <= ${at})` },
  { name: 'draftCourseTotal', table: 'course_class_totals', clock: false, countsBy: (r) => sql`(${col(r, 'course_status_id')} = 1)` },
  {
    name: 'lessThanThreeClassesRemaining', table: 'course_class_totals', clock: true,
    countsBy: (r, at) => sql`(${col(r, 'course_status_id')} in (2, 3) and ${col(r, 'few_left_from')} <= ${at})`,
  },
  {
    name: 'classCountErrorTotal', table: 'course_class_totals', clock: false,
    countsBy: (r) => sql`(${col(r, 'course_status_id')} = 2 and ${col(r, 'time_discrepancy')})`,
  },
  {
    name: 'expiredTotal', table: 'course_class_totals', clock: true,
    countsBy: (r, at) => sql`(${col(r, 'course_status_id')} = 2 and ${col(r, 'expiring_on')} <= ${LONDON_DAY(at)})`,
  },
];

const tilesOf = (table: Tile['table']) => TILES.filter((t) => t.table === table);

/** Adds to the kept counts, in tile order, the deltas of `rows` (with a `sign` column, ±1) judged at `at`. */
function addDeltas(table: Tile['table'], rows: RawBuilder<unknown>, at: RawBuilder<unknown>, slot: RawBuilder<unknown>) {
  const perTile = tilesOf(table).map((t) => sql`select ${sql.lit(t.name)} as tile, r.sign from (${rows}) r where ${t.countsBy('r', at)}`);
  return sql`insert into dashboard_tile_counts as k (tile, slot, n)
    select d.tile, ${slot}, sum(d.sign)::int from (${sql.join(perTile, sql` union all `)}) d
    group by d.tile having sum(d.sign) <> 0 order by d.tile
    on conflict (tile, slot) do update set n = k.n + excluded.n`;
}

const ROWS = {
  INSERT: (t: string) => sql.raw(`select 1 as sign, * from new_${t}`),
  DELETE: (t: string) => sql.raw(`select -1 as sign, * from old_${t}`),
  UPDATE: (t: string) => sql.raw(`select -1 as sign, * from old_${t} union all select 1, * from new_${t}`),
};

export async function up(db: Kysely<any>): Promise<void> {
  // Servers of the release before keep marking while this one migrates (a rolling upgrade): no
  // change may commit between the counts below and the triggers that take over from them.
  await sql`lock table classes, course_class_totals in share row exclusive mode`.execute(db);
  await sql`create table dashboard_tile_counts (
    tile text not null,
    slot integer not null,
    n integer not null,
    primary key (tile, slot)
  )`.execute(db);
  await sql`create table dashboard_counted_to (
    singleton boolean primary key default true check (singleton),
    counted_to timestamptz not null
  )`.execute(db);

  // Counted to a minute ago (see the job below for why not now()), every tile from scratch.
  await sql`insert into dashboard_counted_to (counted_to) values (now() - interval '1 minute')`.execute(db);
  const W = sql`(select counted_to from dashboard_counted_to)`;
  for (const table of ['classes', 'course_class_totals'] as const) {
    await addDeltas(table, sql.raw(`select 1 as sign, * from ${table}`), W, sql`-1`).execute(db);
  }

  for (const table of ['classes', 'course_class_totals'] as const) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const fn = sql.raw(`rollbook_dashboard_tiles_${table}_${event.toLowerCase()}`);
      // A statement that changed no row (the totals' insert ... on conflict do nothing, most often)
      // takes no lock: holding it would only keep the job from running.
      const anyRow = sql.raw(`exists (select from ${event === 'DELETE' ? 'old' : 'new'}_${table})`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        declare
          w timestamptz;
        begin
          if not ${anyRow} then
            return null;
          end if;
          perform pg_advisory_xact_lock_shared(${LOCK});
          select counted_to into w from dashboard_counted_to;
          if w is null then
            raise exception 'dashboard_counted_to holds no moment: the dashboard tiles cannot be kept';
          end if;
          ${addDeltas(table, ROWS[event](table), sql`w`, sql`pg_backend_pid()`)};
          return null;
        end $$`.execute(db);
      const referencing = { INSERT: `new table as new_${table}`, DELETE: `old table as old_${table}`, UPDATE: `old table as old_${table} new table as new_${table}` }[event];
      await sql`create trigger ${sql.raw(`${table}_dashboard_tiles_${event.toLowerCase()}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(referencing)} for each statement execute function ${fn}()`.execute(db);
    }
    // Emptied: its tiles hold nothing of it (the job's slot included).
    const names = sql.join(tilesOf(table).map((t) => sql.lit(t.name)));
    const fn = sql.raw(`rollbook_dashboard_tiles_${table}_truncate`);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock_shared(${LOCK});
        delete from dashboard_tile_counts where tile in (${names});
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_dashboard_tiles_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function ${fn}()`.execute(db);
  }

  // Moves W up to `upto`, adding to the job's slot what counts by `upto` and did not by W, after
  // folding the writers' rows into it; false (and nothing done) when a writer holds the clock's lock
  // or a migration holds a table (taken first, without waiting, so the job never holds the clock
  // while waiting for a table whose holder waits for the clock). Each clock tile's range read is
  // over the index its live read uses (classes_status_ends_idx, the course tiles' partial indexes).
  const clockTiles = TILES.filter((t) => t.clock);
  await sql`create function rollbook_dashboard_count_to(upto timestamptz) returns boolean language plpgsql as $$
    declare
      w timestamptz;
    begin
      begin
        lock table classes, course_class_totals in access share mode nowait;
      exception when lock_not_available then
        return false;
      end;
      if not pg_try_advisory_xact_lock(${LOCK}) then
        return false;
      end if;
      select counted_to into w from dashboard_counted_to for update;
      if w is null then
        raise exception 'dashboard_counted_to holds no moment: the dashboard tiles cannot be kept';
      end if;
      insert into dashboard_tile_counts as k (tile, slot, n)
        select tile, -1, sum(n)::int from dashboard_tile_counts where slot <> -1 group by tile order by tile
        on conflict (tile, slot) do update set n = k.n + excluded.n;
      delete from dashboard_tile_counts where slot <> -1;
      if upto <= w then
        return true;
      end if;
      insert into dashboard_tile_counts as k (tile, slot, n)
        select d.tile, -1, d.n from (${sql.join(clockTiles.map((t) => sql`select ${sql.lit(t.name)} as tile,
          (select count(*) from ${sql.table(t.table)} r where ${t.countsBy('r', sql`upto`)} and not ${t.countsBy('r', sql`w`)})::int as n`), sql` union all `)}) d
        where d.n <> 0 order by d.tile
        on conflict (tile, slot) do update set n = k.n + excluded.n;
      update dashboard_counted_to set counted_to = upto;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function rollbook_dashboard_count_to(timestamptz)`.execute(db);
  for (const table of ['classes', 'course_class_totals'] as const) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger ${sql.raw(`${table}_dashboard_tiles_${event}`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`rollbook_dashboard_tiles_${table}_${event}`)}()`.execute(db);
    }
  }
  await sql`drop table dashboard_counted_to`.execute(db);
  await sql`drop table dashboard_tile_counts`.execute(db);
}
