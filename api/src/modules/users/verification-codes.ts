import { CODE_LENGTH, CODE_LIFETIME_MINUTES, CODE_MAX_ATTEMPTS } from '@rollbook/shared-types/users';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

export type CodePurpose = 'password_reset' | 'signup';

/**
 * Sign-up and reset codes: six random digits, kept only as an HMAC keyed with a server secret (so a
 * copy of the database alone cannot be searched for them), valid 30 minutes, refused after five
 * wrong tries and usable once. Asking again replaces the previous code for that address.
 */
export class VerificationCodes {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('rollbook verification codes v1').digest();
  }

  private hash(purpose: CodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${email.toLowerCase()}\n${code}`).digest('hex');
  }

  /** Creates a new code for the address (retiring any earlier live one) and answers it in clear, to be e-mailed. */
  async issue(db: Db, purpose: CodePurpose, email: string, owner: { userId?: number; studentId?: number }): Promise<string> {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const normalised = email.trim().toLowerCase();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verificationCodes')
        .set({ expiresAt: sql<Date>`now()` })
        .where(sql`lower(email)`, '=', normalised)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', sql<Date>`now()`)
        .execute();
      await trx
        .insertInto('verificationCodes')
        .values({
          purpose,
          email: normalised,
          userId: owner.userId ?? null,
          studentId: owner.studentId ?? null,
          codeHash: this.hash(purpose, normalised, code),
          expiresAt: sql<Date>`now() + make_interval(mins => ${CODE_LIFETIME_MINUTES})`,
        })
        .execute();
    });
    return code;
  }

  /**
   * Checks a code inside the caller's transaction. A right code is marked used (so the caller's
   * change and the use commit together); a wrong one counts an attempt, which must be committed
   * even though the answer is "no": callers return, not throw, on failure.
   */
  async consume(trx: Db, purpose: CodePurpose, email: string, code: string): Promise<{ userId: number | null; studentId: number | null } | null> {
    const normalised = email.trim().toLowerCase();
    const live = await trx
      .selectFrom('verificationCodes')
      .select(['verificationCodeId', 'codeHash', 'userId', 'studentId'])
      .where(sql`lower(email)`, '=', normalised)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .orderBy('createdAt', 'desc')
      .orderBy('verificationCodeId', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!live) return null;
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(this.hash(purpose, normalised, code.trim()), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await trx
        .updateTable('verificationCodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('verificationCodeId', '=', live.verificationCodeId)
        .execute();
      return null;
    }
    await trx.updateTable('verificationCodes').set({ usedAt: sql<Date>`now()` }).where('verificationCodeId', '=', live.verificationCodeId).execute();
    return { userId: live.userId, studentId: live.studentId };
  }
}
