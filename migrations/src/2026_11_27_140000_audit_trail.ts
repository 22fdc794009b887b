import { sql, type Kysely, type RawBuilder } from 'kysely';

// The audit trail: who changed what, when and from where. Written by triggers, in the transaction of the
// change, so that every path that writes (services, the sync push, imports, bulk helpers, jobs,
// the seed) is recorded without each remembering to: a service-level helper would be one more call
// for every new write path to forget. The actor comes from the transaction-local setting
// rollbook.actor (set_config(..., true), see api/src/db/audit-actor.ts), a JSON object
// {"user": 12, "source": "web"|"phone", "at": "<device time>", "times": {"<record id>": "<device time>"}};
// no setting (seed, migrations, jobs) is recorded as source 'system'.
//
// The triggers are statement-level with transition tables: one insert into audit_entries per
// statement, not one trigger call per row, so a bulk write (a generated timetable, the seed's
// thousands of rows, a push of 50 marks) costs one extra statement, not one per row.

/** Audited tables and their key columns: the record id is the key values joined by ':'. */
export const AUDITED_TABLES: Record<string, string[]> = {
  courses: ['course_id'],
  classes: ['class_id'],
  enrolments: ['course_id', 'student_id'],
  class_attendance: ['class_id', 'student_id'],
  teacher_rates: ['teacher_rate_id'],
  payment_headers: ['payment_header_id'],
  users: ['user_id'],
  user_roles: ['user_role_id'],
};

/**
 * The statement (re)defining the audit trigger function rollbook_audit(), stated once for this
 * migration and 2026_11_27_140100_audit_not_for_generated_schools, which adds skipWhenOff: a
 * transaction that set rollbook.audit to 'off' (the demo and bench seeds) records nothing.
 * Arguments: the table's key columns. The statement is built per call because transition tables
 * and key columns differ by table; it stays one insert ... select for the whole statement.
 */
export function auditFunction(skipWhenOff: boolean): RawBuilder<unknown> {
  const skip = skipWhenOff
    ? sql`
      -- A generated school (the demo or bench seed) is data made up in one go, not changes anyone
      -- made: its transaction says so and nothing of it is recorded.
      if current_setting('rollbook.audit', true) = 'off' then
        return null;
      end if;`
    : sql``;
  return sql`
    create or replace function rollbook_audit() returns trigger language plpgsql as $$
    declare
      actor jsonb := nullif(current_setting('rollbook.actor', true), '')::jsonb;
      keys text[] := tg_argv::text[];
      rid_old text := (select 'concat_ws('':'', ' || string_agg(format('o.%I', k), ', ') || ')' from unnest(keys) k);
      rid_new text := (select 'concat_ws('':'', ' || string_agg(format('n.%I', k), ', ') || ')' from unnest(keys) k);
      rows_sql text;
    begin${skip}
      if tg_op = 'INSERT' then
        rows_sql := format('select %s as rid, jsonb_build_object(''new'', rollbook_audit_row(jsonb_strip_nulls(to_jsonb(n)))) as changes from audit_new n', rid_new);
      elsif tg_op = 'DELETE' then
        rows_sql := format('select %s as rid, jsonb_build_object(''old'', rollbook_audit_row(jsonb_strip_nulls(to_jsonb(o)))) as changes from audit_old o', rid_old);
      else
        rows_sql := format('select %s as rid, rollbook_audit_diff(to_jsonb(o), to_jsonb(n)) as changes from audit_old o join audit_new n on %s',
          rid_new, (select string_agg(format('n.%1$I = o.%1$I', k), ' and ') from unnest(keys) k));
      end if;
      execute format(
        'insert into audit_entries (actor_user_id, source, table_name, record_id, action, changes, occurred_at)
         select ($1 ->> ''user'')::integer, coalesce($1 ->> ''source'', ''system''), $2, r.rid, $3, r.changes,
                coalesce(($1 -> ''times'' ->> r.rid)::timestamptz, ($1 ->> ''at'')::timestamptz, now())
         from (%s) r where r.changes is not null', rows_sql)
      using actor, tg_table_name, lower(tg_op);
      return null;
    end
    $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('audit_entry_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // No foreign key: the trail outlives what it describes, and must never block or cascade.
    .addColumn('actor_user_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('web', 'phone', 'system')`))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('insert', 'update', 'delete')`))
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    // When the change was made: on the phone (the mutation's madeAt) for a sync push, else applied_at.
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_entries_occurred_idx').on('audit_entries').columns(['occurred_at', 'audit_entry_id']).execute();
  await db.schema.createIndex('audit_entries_record_idx').on('audit_entries').columns(['table_name', 'record_id']).execute();
  // Partial: the seed's and jobs' entries (no actor) are most of the rows and never filtered by person.
  await db.schema.createIndex('audit_entries_actor_idx').on('audit_entries').columns(['actor_user_id', 'occurred_at'])
    .where(sql.ref('actor_user_id'), 'is not', null).execute();

  // Nothing may edit or remove an entry, whatever the path (there are no routes either).
  await sql`
    create function rollbook_audit_refuse() returns trigger language plpgsql as $$
    begin
      raise exception 'The audit trail cannot be changed or deleted' using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`create trigger audit_entries_immutable before update or delete or truncate on audit_entries
    for each statement execute function rollbook_audit_refuse()`.execute(db);

  // changes: {"new": {...}} for an insert, {"old": {...}} for a delete (null fields left out), and
  // for an update only the fields that differ, {"old": {"title": "A"}, "new": {"title": "B"}}.
  // Bookkeeping columns are not changes anyone made; a password hash is recorded as changed,
  // never its value. rollbook_audit_row is a plain expression PostgreSQL inlines: an insert or
  // delete costs no per-field work (the seed writes 100,000 register lines at scale 10).
  await sql`
    create function rollbook_audit_row(r jsonb) returns jsonb language sql immutable as $$
      select case when r ? 'password_hash' then (r - 'password_hash') || '{"password_hash": "hidden"}'::jsonb else r end
        - '{created_at,updated_at,change_seq,change_xid,version,schedule_version}'::text[]
    $$`.execute(db);
  // Compared before the hash is hidden, so that a new password shows as a change.
  await sql`
    create function rollbook_audit_diff(old_row jsonb, new_row jsonb) returns jsonb language sql immutable as $$
      select case when count(*) = 0 then null else jsonb_build_object(
          'old', jsonb_object_agg(o.key, case when o.key = 'password_hash' then '"hidden"'::jsonb else o.value end),
          'new', jsonb_object_agg(o.key, case when o.key = 'password_hash' then '"hidden"'::jsonb else n.value end)) end
      from jsonb_each(old_row) o join jsonb_each(new_row) n using (key)
      where o.value is distinct from n.value
        and o.key not in ('created_at', 'updated_at', 'change_seq', 'change_xid', 'version', 'schedule_version')
    $$`.execute(db);

  await auditFunction(false).execute(db);

  for (const [table, keys] of Object.entries(AUDITED_TABLES)) {
    // One trigger per event: PostgreSQL allows transition tables on a trigger of one event only.
    for (const [event, referencing] of [['insert', 'new table as audit_new'], ['update', 'old table as audit_old new table as audit_new'], ['delete', 'old table as audit_old']] as const) {
      await sql`create trigger ${sql.id(`${table}_audit_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(referencing)} for each statement
        execute function rollbook_audit(${sql.join(keys.map((k) => sql.lit(k)))})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(AUDITED_TABLES)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.id(`${table}_audit_${event}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function rollbook_audit()`.execute(db);
  await sql`drop function rollbook_audit_diff(jsonb, jsonb)`.execute(db);
  await sql`drop function rollbook_audit_row(jsonb)`.execute(db);
  await db.schema.dropTable('audit_entries').execute();
  await sql`drop function rollbook_audit_refuse()`.execute(db);
}
