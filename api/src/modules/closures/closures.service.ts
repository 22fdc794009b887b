import { CLOSURE_MESSAGES, type Closure } from '@rollbook/shared-types/closures';
import { DateTime } from 'luxon';
import type { Db } from '../../db/create-db.js';
import { notFound } from '../../lib/app-error.js';
import { LONDON } from '../../lib/london-time.js';
import { englandAndWalesBankHolidays } from './bank-holidays.js';
import { addBankHolidays, deleteClosure, findClosure, listClosures } from './closures.repository.js';

export async function getClosure(db: Db, closureId: number): Promise<Closure> {
  const closure = await findClosure(db, closureId);
  if (!closure) throw notFound(CLOSURE_MESSAGES.notFound);
  return closure;
}

export async function removeClosure(db: Db, closureId: number): Promise<{ deleted: number }> {
  const deleted = await deleteClosure(db, closureId);
  if (deleted === 0) throw notFound(CLOSURE_MESSAGES.notFound);
  return { deleted };
}

/**
 * Keeps this year's and next year's bank holidays on the list (London's year, as of `now`).
 * Idempotent: each holiday is added once ever, so running it again, or on every server, adds nothing.
 */
export async function keepBankHolidays(db: Db, now: Date = new Date()): Promise<number> {
  const year = DateTime.fromJSDate(now, { zone: LONDON }).year;
  return addBankHolidays(db, [...englandAndWalesBankHolidays(year), ...englandAndWalesBankHolidays(year + 1)]);
}

export { listClosures };
