import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { newSecretToken, secretTokenHash } from '../../lib/secret-token.js';
import type { Principal } from '../../plugins/auth.js';

// Tickets for EventSource, which cannot send the sign-in header (table notice_tickets, migration
// 090700): secret tokens (lib/secret-token.ts) valid for seconds and redeemed once, by one
// DELETE … RETURNING, so two servers handed the same URL cannot both open a stream with it.

/** Who a redeemed ticket opens a stream for. */
export interface TicketHolder {
  userId: number;
  isAdmin: boolean;
  teacherId: number | null;
}

export async function issueNoticeTicket(db: Db, principal: Principal, lifetimeSeconds: number): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = newSecretToken();
  const { expiresAt } = await db.insertInto('noticeTickets')
    .values({
      ticketHash: secretTokenHash(ticket), userId: principal.userId, isAdmin: principal.isAdmin, teacherId: principal.teacherId,
      expiresAt: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
    })
    .returning('expiresAt').executeTakeFirstOrThrow();
  return { ticket, expiresAt };
}

/**
 * Uses the ticket up: answers its holder when it was live and its user may still sign in (active,
 * sessions not ended since it was issued), else null. Either way the ticket is gone.
 */
export async function redeemNoticeTicket(db: Db, ticket: string): Promise<TicketHolder | null> {
  const { rows } = await sql<TicketHolder & { usable: boolean }>`
    with used as (delete from notice_tickets where ticket_hash = ${secretTokenHash(ticket)} returning *)
    select used.user_id as "userId", used.is_admin as "isAdmin", used.teacher_id as "teacherId",
      (used.expires_at > now() and users.active and users.tokens_valid_after <= used.issued_at) as usable
    from used join users on users.user_id = used.user_id`.execute(db);
  const row = rows[0];
  if (!row?.usable) return null;
  return { userId: row.userId, isAdmin: row.isAdmin, teacherId: row.teacherId };
}

/** Removes tickets that expired unused (daily purge). */
export async function purgeExpiredNoticeTickets(db: Db): Promise<number> {
  const result = await db.deleteFrom('noticeTickets').where('expiresAt', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
