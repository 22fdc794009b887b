import type { Closure, ClosureForm } from '@rollbook/shared-types/closures';
import { showDate } from '@rollbook/shared-types/display-dates';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import { bankHolidayKey, type BankHoliday } from './bank-holidays.js';

type Queryable = Kysely<DB> | Transaction<DB>;

interface ClosureRow {
  closureId: number;
  name: string;
  startsOn: string;
  endsOn: string;
  holidayKey: string | null;
}

const toClosure = (row: ClosureRow): Closure => ({
  closureId: row.closureId,
  name: row.name,
  fromDate: row.startsOn,
  toDate: row.endsOn,
  fromDateString: showDate(row.startsOn),
  toDateString: showDate(row.endsOn),
  bankHoliday: row.holidayKey !== null,
});

const selectClosures = (db: Queryable) =>
  db.selectFrom('closures').select(['closureId', 'name', 'startsOn', 'endsOn', 'holidayKey']).orderBy('startsOn').orderBy('endsOn').orderBy('closureId');

export async function listClosures(db: Queryable): Promise<Closure[]> {
  return (await selectClosures(db).execute()).map(toClosure);
}

/** Closures overlapping the days from fromDate to toDate inclusive ('yyyy-MM-dd'). */
export async function listClosuresBetween(db: Queryable, fromDate: string, toDate: string): Promise<Closure[]> {
  const rows = await selectClosures(db).where('startsOn', '<=', toDate).where('endsOn', '>=', fromDate).execute();
  return rows.map(toClosure);
}

export async function findClosure(db: Queryable, closureId: number): Promise<Closure | undefined> {
  const row = await selectClosures(db).where('closureId', '=', closureId).executeTakeFirst();
  return row && toClosure(row);
}

export async function insertClosure(db: Queryable, form: ClosureForm): Promise<number> {
  const row = await db.insertInto('closures').values({ name: form.name, startsOn: form.fromDate, endsOn: form.toDate })
    .returning('closureId').executeTakeFirstOrThrow();
  return row.closureId;
}

export async function updateClosure(db: Queryable, closureId: number, form: ClosureForm): Promise<boolean> {
  const result = await db.updateTable('closures').set({ name: form.name, startsOn: form.fromDate, endsOn: form.toDate })
    .where('closureId', '=', closureId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteClosure(db: Queryable, closureId: number): Promise<number> {
  const result = await db.deleteFrom('closures').where('closureId', '=', closureId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Adds the bank holidays never added before (bank_holidays_added remembers each key, so one the
 * school deleted stays deleted); answers how many were added.
 */
export async function addBankHolidays(db: Kysely<DB>, holidays: BankHoliday[]): Promise<number> {
  if (holidays.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const byKey = new Map(holidays.map((h) => [bankHolidayKey(h), h]));
    const fresh = await trx.insertInto('bankHolidaysAdded').values([...byKey.keys()].map((holidayKey) => ({ holidayKey })))
      .onConflict((oc) => oc.column('holidayKey').doNothing()).returning('holidayKey').execute();
    if (fresh.length === 0) return 0;
    await trx.insertInto('closures').values(fresh.map(({ holidayKey }) => {
      const holiday = byKey.get(holidayKey) as BankHoliday;
      return { name: holiday.name, startsOn: holiday.date, endsOn: holiday.date, holidayKey };
    })).onConflict((oc) => oc.column('holidayKey').doNothing()).execute();
    return fresh.length;
  });
}

/** Which closure shuts the school on a date, for dates from fromDate on (the generator's look-up). */
export async function closedOnFrom(db: Queryable, fromDate: string): Promise<(isoDate: string) => string | null> {
  const rows = await db.selectFrom('closures').select(['name', 'startsOn', 'endsOn'])
    .where('endsOn', '>=', fromDate).orderBy('startsOn').orderBy('closureId').execute();
  // ISO dates compare as strings; a school has dozens of closures, so a scan a slot is cheap.
  return (isoDate) => rows.find((row) => row.startsOn <= isoDate && isoDate <= row.endsOn)?.name ?? null;
}
