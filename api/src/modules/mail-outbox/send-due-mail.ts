import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Mailer } from '../../lib/mailer.js';
import { claimDueMail, markMailAttemptFailed, markMailSent, type ClaimedMail } from './mail-outbox.repository.js';

/** Failures of one message (not of the mail server) before it is given up: about three and a half hours of retries. */
export const MAX_MAIL_ATTEMPTS = 10;

/** Seconds to wait after the n-th failed try: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const retryDelaySeconds = (failedAttempts: number): number => Math.min(30 * 2 ** (failedAttempts - 1), 3600);

export interface SendReport {
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for good: the message refused by the mail server, or out of tries. */
  gaveUp: number;
}

// nodemailer's codes for "could not talk to the server at all": every other e-mail of the batch
// would fail the same way, so they share this failure instead of each waiting for a timeout.
const SERVER_UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'EAUTH', 'ECONNREFUSED']);
const isServerUnreachable = (err: unknown) => SERVER_UNREACHABLE.has(String((err as { code?: unknown } | null)?.code ?? ''));

/** A 5xx answer about this message or its recipient: sending it again cannot help. */
const isPermanentRefusal = (err: unknown) => {
  const responseCode = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && !isServerUnreachable(err);
};

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function trySend(mailer: Mailer, mail: ClaimedMail): Promise<unknown> {
  try {
    await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.body });
    return undefined;
  } catch (err) {
    return err ?? new Error('send failed');
  }
}

/**
 * Sends what is due in the outbox, one e-mail per transaction: its row stays locked (FOR UPDATE
 * SKIP LOCKED) while it is sent and is marked sent before the lock is let go, so neither this
 * server's next look nor another server sends it again, and a crash or a lost database connection
 * can send again at most the one e-mail that was in flight (the mail server had accepted it, its
 * mark had not committed: no outbox can close that gap). Failures wait retryDelaySeconds and are
 * tried again. While the mail server cannot be reached (or refuses our login), every e-mail keeps
 * waiting, an hour apart at most, however long that lasts: only a refusal of the message itself,
 * or ten failures of the message, give one up.
 */
export async function sendDueMail(db: Kysely<DB>, mailer: Mailer, options: { maxMails?: number } = {}): Promise<SendReport> {
  const { maxMails = 200 } = options;
  const report: SendReport = { sent: 0, retrying: 0, gaveUp: 0 };
  // Once the server is unreachable, the rest of this round share that failure without each waiting for a timeout.
  let unreachable: unknown;
  for (let n = 0; n < maxMails; n++) {
    const claimed = await db.transaction().execute(async (trx) => {
      const [mail] = await claimDueMail(trx, 1);
      if (!mail) return false;
      const error = unreachable ?? (await trySend(mailer, mail));
      if (error === undefined) {
        await markMailSent(trx, mail.mailId);
        report.sent++;
        return true;
      }
      const serverDown = isServerUnreachable(error);
      if (serverDown) unreachable = error;
      const attempts = mail.attempts + 1;
      const giveUp = isPermanentRefusal(error) || (!serverDown && attempts >= MAX_MAIL_ATTEMPTS);
      await markMailAttemptFailed(trx, mail.mailId, { attempts, error: describe(error), retryInSeconds: retryDelaySeconds(attempts), giveUp });
      if (giveUp) report.gaveUp++;
      else report.retrying++;
      return true;
    });
    if (!claimed) break;
  }
  return report;
}
