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
// Exactness with writers racing the job: every trigger below holds a shared advisory lock on
// 'rollbook:dashboard-tile-clock' until its transaction ends, and reads W under it; the job only
// runs when it can take that lock exclusively (it tries, never waits, so marking never queues
// behind it), so no change is both left out of the job's count and judged against the old W.
//
// Slots: a transaction adds its deltas to the slot of its server process (pg_backend_pid() % 64),
// so concurrent writers — teachers' pushes at 9 a.m. — seldom share a row lock; the job adds to slot
// -1, which no writer uses, so it never waits on a row either.
//
// What counts in each tile is the same rule as the live reads (api dashboard.repository through the
// courses list's figure filters and the classes' derived status); tiles-counted-directly.ts in the
// API tests holds the definitions every change is checked against.

const SLOTS = 64;
const LOCK = sql`hashtextextended('rollbook:dashboard-tile-clock', 0)`;
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
  // Requires marking: Scheduled or Requires marking (1, 2) and ended (classes/class-status-rules).
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
  await sql`create table dashboard_tile_counts (
    tile text not null,
    slot smallint not null,
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
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        begin
          perform pg_advisory_xact_lock_shared(${LOCK});
          ${addDeltas(table, ROWS[event](table), W, sql`(pg_backend_pid() % ${sql.lit(SLOTS)})::smallint`)};
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

  // Moves W up to `upto`, adding to the job's slot what counts by `upto` and did not by W; false
  // (and nothing done) when a writer holds the clock's lock. Each clock tile's range read is over
  // the index its live read uses (classes_status_ends_idx, the course tiles' partial indexes).
  const clockTiles = TILES.filter((t) => t.clock);
  await sql`create function rollbook_dashboard_count_to(upto timestamptz) returns boolean language plpgsql as $$
    declare
      w timestamptz;
    begin
      if not pg_try_advisory_xact_lock(${LOCK}) then
        return false;
      end if;
      select counted_to into w from dashboard_counted_to for update;
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
