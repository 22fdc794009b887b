import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

// The mail_outbox table: e-mails written in the transaction of the change they tell about, and
// the sender's claims on them.

export interface OutgoingMail {
  /** What the e-mail is about, e.g. 'class-change'. */
  kind: string;
  toAddress: string;
  subject: string;
  body: string;
  /** The student it is for, when it is for one. */
  studentId: number | null;
}

/** Adds e-mails to the outbox, in the caller's transaction: they go only if it commits. */
export async function queueMail(db: Kysely<DB>, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insertInto('mailOutbox').values([...mails]).execute();
}

/**
 * Up to `limit` e-mails due now, locked until the caller's transaction ends. SKIP LOCKED: rows
 * another server is sending are passed over, not waited for, so no e-mail is sent by two.
 */
export async function claimDueMail(trx: Kysely<DB>, limit: number) {
  return trx.selectFrom('mailOutbox')
    .select(['mailId', 'toAddress', 'subject', 'body', 'attempts'])
    .where('sentAt', 'is', null).where('failedAt', 'is', null)
    .where('nextAttemptAt', '<=', sql<Date>`now()`)
    .orderBy('nextAttemptAt').orderBy('mailId')
    .limit(limit)
    .forUpdate().skipLocked()
    .execute();
}

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMail>>[number];

export async function markMailSent(trx: Kysely<DB>, mailId: number): Promise<void> {
  await trx.updateTable('mailOutbox')
    .set((eb) => ({ sentAt: sql<Date>`now()`, attempts: eb('attempts', '+', 1), lastError: null }))
    .where('mailId', '=', mailId).execute();
}

/** A failed try: tried again after retryInSeconds, or never again when giveUp. */
export async function markMailAttemptFailed(
  trx: Kysely<DB>, mailId: number, failure: { attempts: number; error: string; retryInSeconds: number; giveUp: boolean },
): Promise<void> {
  await trx.updateTable('mailOutbox')
    .set({
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 1000),
      nextAttemptAt: sql<Date>`now() + make_interval(secs => ${failure.retryInSeconds})`,
      failedAt: failure.giveUp ? sql<Date>`now()` : null,
    })
    .where('mailId', '=', mailId).execute();
}

/** Sent or given-up e-mails older than a month: the outbox is not an archive of what people were told. */
export async function purgeOldMail(db: Kysely<DB>): Promise<number> {
  const result = await db.deleteFrom('mailOutbox')
    .where((eb) => eb.or([
      eb('sentAt', '<', sql<Date>`now() - interval '30 days'`),
      eb('failedAt', '<', sql<Date>`now() - interval '30 days'`),
    ]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
