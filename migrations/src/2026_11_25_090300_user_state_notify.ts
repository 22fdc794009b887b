import { sql, type Kysely } from 'kysely';

// Every server caches, for a few seconds, whether a user may still use their sign-in (active, and
// sessions not ended since the token was issued). When that changes, however it changes (an admin
// removing access, a password change, a statement typed into psql), the servers are told at once on
// the channel rollbook_user_state, so none keeps accepting the user from its cache.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_user_state() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rollbook_user_state', old.user_id::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_state_changed after update of active, tokens_valid_after on users
    for each row when (old.active is distinct from new.active or old.tokens_valid_after is distinct from new.tokens_valid_after)
    execute function notify_user_state()`.execute(db);
  await sql`create trigger users_deleted after delete on users for each row execute function notify_user_state()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_deleted on users`.execute(db);
  await sql`drop trigger users_state_changed on users`.execute(db);
  await sql`drop function notify_user_state()`.execute(db);
}
