import type { Notice } from '@rollbook/shared-types/notices';
import {
  NO_CLASSES_TO_PROCESS_CODE, NO_CLASSES_TO_PROCESS_MESSAGE, SETTLEMENT_DEFAULT_SORT, SETTLEMENT_PAGE_SIZE, SETTLEMENT_SORT_NATURAL_DIR,
  type ClassesToProcessQuery, type DeletePaymentsQuery, type DeletePaymentsResponse, type PaymentHeader, type PaymentHeaderList,
  type PaymentHeadersByYearQuery, type PaymentReport, type RaisePaymentReportQuery, type SettlementReportsQuery, type SettlementSortKey,
} from '@rollbook/shared-types/reports';
import { classPayPence, sumPence } from '@rollbook/shared-types/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { conflict, forbidden, notFound, ruleViolation } from '../../lib/app-error.js';
import { pageInfo, pageRequest, type PageQuery } from '../../lib/list-page.js';
import { londonDate } from '../../lib/london-time.js';
import { isRaceAbort, sqlStateOf, withTransactionRetries } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import * as headers from './payment-headers.repository.js';
import { buildPaymentReport, headerView, reportTitle } from './payment-report.js';
import * as repo from './settlement.repository.js';

// Settlement rules: who sees which teachers' pay, how a report is raised exactly once per class,
// and how one is removed. Teachers are paid from these figures.

export type Notify = (notice: Notice) => void;

/** The teachers a caller may ask about: an admin any (empty = all); a teacher only themself. */
export function scopeTeacherIds(principal: Principal, requested: number[] | undefined): number[] | null {
  const ids = requested ?? [];
  if (principal.isAdmin) return ids.length > 0 ? ids : null;
  const own = principal.teacherId;
  if (own === null) throw forbidden();
  if (ids.some((id) => id !== own)) throw forbidden('You can only see your own payments');
  return [own];
}

/** Marked classes not yet paid (or, with paymentHeaderId, a raised report), for the teachers the caller may see. */
export async function getClassesToProcess(db: Kysely<DB>, principal: Principal, query: ClassesToProcessQuery): Promise<PaymentReport> {
  const teacherIds = scopeTeacherIds(principal, query.teacherIds);
  if (query.paymentHeaderId !== undefined) return getRaisedReport(db, principal, query.paymentHeaderId, teacherIds);
  const periodEndDate = query.periodEndDate ?? londonDate(new Date());
  const rows = await repo.selectClassesToProcessDetailed(db, { teacherIds, periodEndDate });
  return buildPaymentReport(rows, periodEndDate, null);
}

/** A raised report from its lines; a teacher gets only their part, and 404 when they are not in it. */
export async function getRaisedReport(db: Kysely<DB>, principal: Principal, paymentHeaderId: number, teacherIds: number[] | null): Promise<PaymentReport> {
  const scoped = principal.isAdmin ? teacherIds : scopeTeacherIds(principal, teacherIds ?? undefined);
  const [header] = await headers.selectPaymentHeaders(db, { paymentHeaderId, ...(scoped?.length === 1 ? { teacherId: scoped[0] } : {}) });
  if (!header) throw notFound('Settlement report not found');
  const rows = await repo.selectPaymentLines(db, paymentHeaderId, scoped);
  if (rows.length === 0) throw notFound('Settlement report not found');
  return buildPaymentReport(rows, header.periodEndDate, headerView(header));
}

/**
 * A raise or removal PostgreSQL aborted for racing another, or whose month revision number another
 * raise took meanwhile (23505 on payment_headers_month_revision_key): running it again is correct.
 */
export const isRetryableSettlement = (err: unknown): boolean =>
  isRaceAbort(err) || (sqlStateOf(err) === '23505' && (err as { constraint?: unknown }).constraint === 'payment_headers_month_revision_key');
const SETTLEMENT_RETRIES = { retryable: isRetryableSettlement };

/**
 * Raises one settlement report for the marked classes of the chosen teachers up to the period end.
 * One transaction: lock the classes (FOR UPDATE), number the month's revision, write the header
 * and a line per class priced at the class's rate now, and put the classes in status 6. A second
 * raise over the same classes waits for the first, then finds nothing left: 400 NO_CLASSES_TO_PROCESS.
 */
export async function raisePaymentReport(db: Kysely<DB>, principal: Principal, query: RaisePaymentReportQuery, notify: Notify): Promise<PaymentReport> {
  const { teacherIds, periodEndDate } = query;
  const [year, month] = periodEndDate.split('-').map(Number) as [number, number];

  const report = await withTransactionRetries(db, async (trx) => {
    await repo.lockSettlementMonth(trx, year, month);
    const classes = await repo.selectClassesToProcess(trx, { teacherIds, periodEndDate }, true);
    if (classes.length === 0) throw ruleViolation(NO_CLASSES_TO_PROCESS_MESSAGE, NO_CLASSES_TO_PROCESS_CODE);

    const lines = classes.map((c) => ({
      classId: c.classId, teacherId: c.teacherId, courseId: c.courseId, teacherRateId: c.teacherRateId, classStartsAt: c.startsAt,
      classLength: c.classLength, ratePence: c.ratePence, amountPence: classPayPence(c.classLength, c.ratePence),
    }));
    const amountTotalPence = sumPence(lines.map((l) => l.amountPence));
    const revision = await repo.nextRevision(trx, year, month);
    const paymentHeaderId = await repo.insertHeader(trx, {
      title: reportTitle(year, month, revision), month, year, revision, periodEndDate, amountTotalPence, createdBy: principal.userId,
      classCount: lines.length, teacherCount: new Set(lines.map((l) => l.teacherId)).size,
    });
    await repo.insertLines(trx, paymentHeaderId, lines);
    const paid = await repo.markClassesPaid(trx, paymentHeaderId, lines.map((l) => l.classId));
    // Both can only fail if a class escaped its lock: refuse rather than pay wrongly.
    if (paid !== lines.length) throw conflict('Some of these classes changed while the report was raised, please try again');
    const stored = await repo.lineTotals(trx, paymentHeaderId);
    if (stored.pence !== amountTotalPence || stored.count !== lines.length) throw new Error('settlement lines do not add up to the header');

    return getRaisedReport(trx, principal, paymentHeaderId, null);
  }, SETTLEMENT_RETRIES).catch((err: { code?: string; constraint?: string }) => {
    // The unique class_id of payment_lines is the last guard against paying a class twice.
    if (err.code === '23505' && err.constraint === 'payment_lines_class_id_key') {
      throw conflict('Some of these classes have just been paid in another report, please refresh and try again');
    }
    throw err;
  });

  const header = report.paymentHeader as PaymentHeader;
  notify({ type: 'settlement-raised', paymentHeaderId: header.paymentHeaderId, teacherIds: report.teachers.map((t) => t.teacher.teacherId) });
  return report;
}

/**
 * Removes a report, or with teacherId that teacher's part of it (the header stays with the other
 * teachers' lines and its total is recomputed; it goes when no line is left). The classes return
 * to Marked (3) and can be raised again.
 */
export async function deletePayments(db: Kysely<DB>, query: DeletePaymentsQuery, notify: Notify): Promise<DeletePaymentsResponse> {
  const { paymentHeaderId, teacherId } = query;
  const result = await withTransactionRetries(db, async (trx) => {
    if (!(await repo.lockHeader(trx, paymentHeaderId))) throw notFound('Settlement report not found');
    const lines = await repo.selectLineClasses(trx, paymentHeaderId, teacherId);
    if (teacherId !== undefined && lines.length === 0) throw notFound('This teacher is not in this settlement report');
    const classIds = lines.map((l) => l.classId);
    await repo.returnClassesToMarked(trx, paymentHeaderId, classIds);
    await repo.deleteLines(trx, paymentHeaderId, classIds);
    const remaining = await repo.lineTotals(trx, paymentHeaderId);
    if (remaining.count === 0) await repo.deleteHeader(trx, paymentHeaderId);
    else await repo.updateHeaderFigures(trx, paymentHeaderId, remaining);
    return {
      paymentHeaderId,
      headerDeleted: remaining.count === 0,
      classIds,
      amountTotalPence: remaining.pence,
      teacherIds: [...new Set(lines.map((l) => l.teacherId))],
    };
  }, SETTLEMENT_RETRIES);
  const { teacherIds, ...response } = result;
  notify({ type: 'settlement-deleted', paymentHeaderId, teacherIds });
  return response;
}

/**
 * Reports containing a teacher, with that teacher's part; without teacherId (admin) every report.
 * With page or pageSize one page in the asked order with the total; without, every report, newest first.
 */
export async function listSettlementReports(db: Kysely<DB>, principal: Principal, query: SettlementReportsQuery): Promise<PaymentHeaderList> {
  const scoped = scopeTeacherIds(principal, query.teacherId === undefined ? undefined : [query.teacherId]);
  return listHeaders(db, { teacherId: scoped ? (scoped[0] as number) : undefined, q: query.q }, query);
}

/** The settlement history: a year's reports, paged like listSettlementReports. */
export async function listPaymentHeadersByYear(db: Kysely<DB>, query: PaymentHeadersByYearQuery): Promise<PaymentHeaderList> {
  return listHeaders(db, { year: query.year, q: query.q }, query);
}

async function listHeaders(db: Kysely<DB>, filter: headers.HeaderFilter, query: PageQuery<SettlementSortKey>): Promise<PaymentHeaderList> {
  const p = pageRequest(query, { sort: SETTLEMENT_DEFAULT_SORT, naturalDir: SETTLEMENT_SORT_NATURAL_DIR, pageSize: SETTLEMENT_PAGE_SIZE });
  if (!p.paged) return { paymentHeaders: (await headers.selectPaymentHeaders(db, filter, p)).map(headerView) };
  const { rows, total } = await headers.pagePaymentHeaders(db, filter, p);
  return { paymentHeaders: rows.map(headerView), ...pageInfo(p, total) };
}

/** A month's reports (the raised-reports modal), or every report without dateToShow; newest first. */
export async function listPaymentHeaders(db: Kysely<DB>, filter: { dateToShow?: string }): Promise<PaymentHeader[]> {
  const monthFilter = filter.dateToShow
    ? { year: Number(filter.dateToShow.slice(0, 4)), month: Number(filter.dateToShow.slice(5, 7)) }
    : {};
  const rows = await headers.selectPaymentHeaders(db, monthFilter);
  return rows.map(headerView);
}
