import type { SortDirection } from '@rollbook/shared-types/list-page';
import type { SettlementSortKey } from '@rollbook/shared-types/reports';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern, orderBySql, type PageRequest } from '../../lib/list-page.js';

// Raised settlement reports as lists: the settlement history (a year's), the reports of a teacher
// (their part of each), a month's, the dashboards' latest. A report's class and teacher counts and
// total are kept on its header (written with its lines), so a list of whole reports reads headers
// only; a teacher's part is worked out from that teacher's lines, read from the index on
// (teacher_id, payment_header_id) with their amounts.

export interface HeaderRow {
  paymentHeaderId: number;
  title: string;
  month: number;
  year: number;
  revision: number;
  createdAt: Date;
  periodEndDate: string;
  amountTotalPence: number;
  classCount: number;
  teacherCount: number;
  createdBy: string | null;
}

export interface HeaderFilter {
  paymentHeaderId?: number;
  /** Only reports containing this teacher; amounts and counts become that teacher's part. */
  teacherId?: number | undefined;
  year?: number;
  month?: number;
  /** Part of the title or of the name of who raised it. */
  q?: string | undefined;
  limit?: number;
}

/** The figures of a row: the header's kept ones, or the teacher's part from their lines. */
function figures(teacherId: number | undefined) {
  if (teacherId === undefined) {
    return { classCount: sql<number>`payment_headers.class_count`, teacherCount: sql<number>`payment_headers.teacher_count`, amount: sql<number>`payment_headers.amount_total_pence` };
  }
  const lines = (what: RawBuilder<unknown>) =>
    sql`(select ${what} from payment_lines pl where pl.teacher_id = ${teacherId}::int and pl.payment_header_id = payment_headers.payment_header_id)`;
  return {
    classCount: sql<number>`${lines(sql`count(*)::int`)}`,
    teacherCount: sql<number>`1`,
    amount: sql<number>`${lines(sql`coalesce(sum(pl.amount_pence), 0)::bigint`)}`,
  };
}

const createdBySql = sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`;

function orderOf(sort: SettlementSortKey, dir: SortDirection, teacherId: number | undefined) {
  const id = sql`payment_headers.payment_header_id`;
  const d = sql.raw(dir);
  const f = figures(teacherId);
  switch (sort) {
    case 'title': return orderBySql(sql`lower(payment_headers.title)`, id, dir);
    // A month's later revisions after its first, as they were raised.
    case 'periodEndDate': return sql`payment_headers.period_end_date ${d}, payment_headers.revision ${d}, ${id} ${d}`;
    case 'dateCreated': return orderBySql(sql`payment_headers.created_at`, id, dir);
    case 'teacherCount': return orderBySql(f.teacherCount, id, dir);
    case 'classCount': return orderBySql(f.classCount, id, dir);
    case 'amount': return orderBySql(f.amount, id, dir);
  }
}

function matchingHeaders(db: Kysely<DB>, filter: HeaderFilter) {
  const { teacherId } = filter;
  let query = db.selectFrom('paymentHeaders').leftJoin('users', 'users.userId', 'paymentHeaders.createdBy')
    // A report has lines (its header goes with its last one); a teacher's list, that teacher's.
    .where((eb) => eb.exists(eb.selectFrom('paymentLines as pl').select(sql`1`.as('one'))
      .whereRef('pl.paymentHeaderId', '=', 'paymentHeaders.paymentHeaderId')
      .$if(teacherId !== undefined, (q) => q.where('pl.teacherId', '=', teacherId as number))));
  if (filter.paymentHeaderId !== undefined) query = query.where('paymentHeaders.paymentHeaderId', '=', filter.paymentHeaderId);
  if (filter.year !== undefined) query = query.where('paymentHeaders.year', '=', filter.year);
  if (filter.month !== undefined) query = query.where('paymentHeaders.month', '=', filter.month);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) => eb.or([eb(sql`lower(payment_headers.title)`, 'like', pattern), eb(sql`lower(${createdBySql})`, 'like', pattern)]));
  }
  return query;
}

function selectHeaders(db: Kysely<DB>, filter: HeaderFilter) {
  const f = figures(filter.teacherId);
  return matchingHeaders(db, filter).select([
    'paymentHeaders.paymentHeaderId', 'paymentHeaders.title', 'paymentHeaders.month', 'paymentHeaders.year', 'paymentHeaders.revision',
    'paymentHeaders.createdAt', 'paymentHeaders.periodEndDate', f.classCount.as('classCount'), f.teacherCount.as('teacherCount'),
    createdBySql.as('createdBy'), f.amount.as('amountTotalPence'),
  ]);
}

/** Raised reports, newest period first (or in the asked order), with their counts (or one teacher's part of each). */
export async function selectPaymentHeaders(
  db: Kysely<DB>, filter: HeaderFilter, order: { sort: SettlementSortKey; dir: SortDirection } = { sort: 'periodEndDate', dir: 'desc' },
): Promise<HeaderRow[]> {
  let query = selectHeaders(db, filter).orderBy(orderOf(order.sort, order.dir, filter.teacherId));
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

/** One page of the reports, with the total of every match riding on its rows (an uncorrelated subquery, run once). */
export async function pagePaymentHeaders(db: Kysely<DB>, filter: HeaderFilter, p: PageRequest<SettlementSortKey>): Promise<{ rows: HeaderRow[]; total: number }> {
  const counted = matchingHeaders(db, filter).select(sql<number>`count(*)::int`.as('n'));
  const rows = await selectHeaders(db, filter)
    .select(counted.as('total'))
    .orderBy(orderOf(p.sort, p.dir, filter.teacherId))
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
