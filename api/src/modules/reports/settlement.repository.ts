import { ClassStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { londonDate, londonIsoDate, londonTime } from './class-sql.js';

/** column = any(ids): one array parameter however many ids (an IN list would need one each). */
function anyOf(column: string, ids: readonly number[]) {
  return sql<boolean>`${sql.ref(column)} = any(${[...ids]}::int[])`;
}

// Settlement SQL. Functions take Kysely<DB>, so a service can pass its transaction.

/** A class with what paying it needs; the amount is priced by the service (money.ts). */
export interface ClassToProcessRow {
  classId: number;
  courseId: number;
  teacherId: number;
  teacherRateId: number;
  startsAt: Date;
  classLength: number;
  ratePence: number;
}

/** One line of a report (to process or raised), with the names it is shown with. */
export interface PaymentRow extends ClassToProcessRow {
  firstName: string;
  lastName: string;
  avatar: string | null;
  title: string;
  description: string;
  subject: string;
  classDate: string;
  classTime: string;
  /** Raised lines carry the amount paid; classes to process are priced by the service. */
  amountPence: number | null;
}

export interface ClassesToProcessFilter {
  /** null: every teacher. */
  teacherIds: number[] | null;
  /** Classes dated (London) on or before this date. */
  periodEndDate: string;
}

/**
 * Marked classes (stored status) that are in no report, dated up to the period end. With
 * `lock`, the rows are locked FOR UPDATE in class id order: a concurrent raise waits, then finds
 * them paid (PostgreSQL re-checks the conditions on the updated rows) and skips them.
 */
export async function selectClassesToProcess(db: Kysely<DB>, filter: ClassesToProcessFilter, lock: boolean): Promise<ClassToProcessRow[]> {
  let query = db
    .selectFrom('classes')
    .innerJoin('teacherRates', 'teacherRates.teacherRateId', 'classes.teacherRateId')
    .select(['classes.classId', 'classes.courseId', 'classes.teacherId', 'classes.teacherRateId', 'classes.startsAt', 'classes.classLength', 'teacherRates.ratePence'])
    .where('classes.statusId', '=', ClassStatus.Marked)
    .where('classes.paymentHeaderId', 'is', null)
    .where(londonDate('classes.starts_at'), '<=', sql<string>`${filter.periodEndDate}::date`)
    .orderBy('classes.classId');
  if (filter.teacherIds) query = query.where(anyOf('classes.teacherId', filter.teacherIds));
  if (lock) query = query.forUpdate('classes');
  return query.execute();
}

/** The same classes with the names a report shows. */
export async function selectClassesToProcessDetailed(db: Kysely<DB>, filter: ClassesToProcessFilter): Promise<PaymentRow[]> {
  let query = db
    .selectFrom('classes')
    .innerJoin('teacherRates', 'teacherRates.teacherRateId', 'classes.teacherRateId')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .select([
      'classes.classId', 'classes.courseId', 'classes.teacherId', 'classes.teacherRateId', 'classes.startsAt', 'classes.classLength',
      'teacherRates.ratePence', 'teachers.firstName', 'teachers.lastName', 'avatars.imageName as avatar', 'courses.title',
      'courses.description', 'subjects.name as subject',
      londonIsoDate('classes.starts_at').as('classDate'), londonTime('classes.starts_at').as('classTime'),
      sql<number | null>`null::int`.as('amountPence'),
    ])
    .where('classes.statusId', '=', ClassStatus.Marked)
    .where('classes.paymentHeaderId', 'is', null)
    .where(londonDate('classes.starts_at'), '<=', sql<string>`${filter.periodEndDate}::date`);
  if (filter.teacherIds) query = query.where(anyOf('classes.teacherId', filter.teacherIds));
  return query.execute();
}

/** The lines of a raised report (optionally one teacher's), from the copies taken when it was raised. */
export async function selectPaymentLines(db: Kysely<DB>, paymentHeaderId: number, teacherIds: number[] | null): Promise<PaymentRow[]> {
  let query = db
    .selectFrom('paymentLines')
    .innerJoin('teachers', 'teachers.teacherId', 'paymentLines.teacherId')
    .leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId')
    .innerJoin('courses', 'courses.courseId', 'paymentLines.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .select([
      'paymentLines.classId', 'paymentLines.courseId', 'paymentLines.teacherId', 'paymentLines.teacherRateId',
      'paymentLines.classStartsAt as startsAt', 'paymentLines.classLength', 'paymentLines.ratePence', 'paymentLines.amountPence',
      'teachers.firstName', 'teachers.lastName', 'avatars.imageName as avatar', 'courses.title', 'courses.description',
      'subjects.name as subject',
      londonIsoDate('payment_lines.class_starts_at').as('classDate'), londonTime('payment_lines.class_starts_at').as('classTime'),
    ])
    .where('paymentLines.paymentHeaderId', '=', paymentHeaderId);
  if (teacherIds) query = query.where(anyOf('paymentLines.teacherId', teacherIds));
  return query.execute();
}

export async function selectPaymentYears(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('paymentHeaders').select('year').distinct().orderBy('year', 'desc').execute();
  return rows.map((r) => r.year);
}

// Raising and deleting (inside the service's transaction) -----------------------------------

// Raises for one month are serialised so each gets the next revision number.
const SETTLEMENT_LOCK_SPACE = 7_001;

export async function lockSettlementMonth(db: Kysely<DB>, year: number, month: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK_SPACE}::int, ${year * 100 + month}::int)`.execute(db);
}

export async function nextRevision(db: Kysely<DB>, year: number, month: number): Promise<number> {
  const row = await db
    .selectFrom('paymentHeaders')
    .select(sql<number>`coalesce(max(revision), 0) + 1`.as('next'))
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export interface NewHeader {
  title: string;
  month: number;
  year: number;
  revision: number;
  periodEndDate: string;
  amountTotalPence: number;
  /** The report's lines and their distinct teachers, kept with its total for the lists. */
  classCount: number;
  teacherCount: number;
  createdBy: number;
}

export async function insertHeader(db: Kysely<DB>, header: NewHeader): Promise<number> {
  const row = await db.insertInto('paymentHeaders').values(header).returning('paymentHeaderId').executeTakeFirstOrThrow();
  return row.paymentHeaderId;
}

export interface NewLine {
  classId: number;
  teacherId: number;
  courseId: number;
  teacherRateId: number;
  classStartsAt: Date;
  classLength: number;
  ratePence: number;
  amountPence: number;
}

export async function insertLines(db: Kysely<DB>, paymentHeaderId: number, lines: NewLine[]): Promise<void> {
  // 9 parameters a line: stay well under PostgreSQL's 65,535 per statement.
  for (let i = 0; i < lines.length; i += 5_000) {
    await db.insertInto('paymentLines').values(lines.slice(i, i + 5_000).map((l) => ({ ...l, paymentHeaderId }))).execute();
  }
}

/** Puts the classes in the report (Paid); returns how many changed. */
export async function markClassesPaid(db: Kysely<DB>, paymentHeaderId: number, classIds: number[]): Promise<number> {
  const result = await db
    .updateTable('classes')
    .set({ statusId: ClassStatus.Paid, paymentHeaderId })
    .where(anyOf('classId', classIds))
    .where('statusId', '=', ClassStatus.Marked)
    .where('paymentHeaderId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sum, count and distinct teachers of a report's lines, as the database holds them. */
export async function lineTotals(db: Kysely<DB>, paymentHeaderId: number): Promise<{ pence: number; count: number; teachers: number }> {
  const row = await db
    .selectFrom('paymentLines')
    .select((eb) => [
      sql<number>`coalesce(sum(amount_pence), 0)::bigint`.as('pence'), eb.fn.countAll<number>().as('count'),
      sql<number>`count(distinct teacher_id)::int`.as('teachers'),
    ])
    .where('paymentHeaderId', '=', paymentHeaderId)
    .executeTakeFirstOrThrow();
  return { pence: Number(row.pence), count: Number(row.count), teachers: Number(row.teachers) };
}

export async function lockHeader(db: Kysely<DB>, paymentHeaderId: number): Promise<{ paymentHeaderId: number } | undefined> {
  return db.selectFrom('paymentHeaders').select('paymentHeaderId').where('paymentHeaderId', '=', paymentHeaderId).forUpdate().executeTakeFirst();
}

export async function selectLineClasses(db: Kysely<DB>, paymentHeaderId: number, teacherId: number | undefined): Promise<{ classId: number; teacherId: number }[]> {
  let query = db.selectFrom('paymentLines').select(['classId', 'teacherId']).where('paymentHeaderId', '=', paymentHeaderId).orderBy('classId');
  if (teacherId !== undefined) query = query.where('teacherId', '=', teacherId);
  return query.execute();
}

/** Takes classes out of a report, back to Marked. */
export async function returnClassesToMarked(db: Kysely<DB>, paymentHeaderId: number, classIds: number[]): Promise<number> {
  if (classIds.length === 0) return 0;
  const result = await db
    .updateTable('classes')
    .set({ statusId: ClassStatus.Marked, paymentHeaderId: null })
    .where(anyOf('classId', classIds))
    .where('paymentHeaderId', '=', paymentHeaderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteLines(db: Kysely<DB>, paymentHeaderId: number, classIds: number[]): Promise<void> {
  if (classIds.length === 0) return;
  await db.deleteFrom('paymentLines').where('paymentHeaderId', '=', paymentHeaderId).where(anyOf('classId', classIds)).execute();
}

export async function deleteHeader(db: Kysely<DB>, paymentHeaderId: number): Promise<void> {
  await db.deleteFrom('paymentHeaders').where('paymentHeaderId', '=', paymentHeaderId).execute();
}

/** The header's kept figures after some of its lines went (a teacher's part removed). */
export async function updateHeaderFigures(db: Kysely<DB>, paymentHeaderId: number, totals: { pence: number; count: number; teachers: number }): Promise<void> {
  await db.updateTable('paymentHeaders')
    .set({ amountTotalPence: totals.pence, classCount: totals.count, teacherCount: totals.teachers })
    .where('paymentHeaderId', '=', paymentHeaderId).execute();
}
