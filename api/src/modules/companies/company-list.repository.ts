import type { CompanyListItem, CompanySortKey } from '@rollbook/shared-types/companies';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern, orderBySql, type PageRequest } from '../../lib/list-page.js';
import { inUseSql } from './companies.repository.js';

// The companies list: each company with its primary address's town and post code, searched by
// part of the name, code, town or post code, in the order of any visible column. A page's ids are
// chosen first; "in use" (three probes of other tables' company_id indexes) is then worked out for
// that page only. The total rides on the page's rows as an uncorrelated subquery (run once).

export interface CompanyFilter {
  q?: string | undefined;
}

const COMPANY_SORT_SQL: Record<CompanySortKey, RawBuilder<unknown>> = {
  name: sql`lower(companies.name)`,
  // Codes are kept in capitals; upper() is the unique index's expression.
  code: sql`upper(companies.code)`,
  town: sql`lower(company_addresses.town)`,
  postCode: sql`company_addresses.post_code`,
};

const companyOrder = (sort: CompanySortKey, dir: SortDirection) => orderBySql(COMPANY_SORT_SQL[sort], sql`companies.company_id`, dir);

function filteredCompanies(db: Kysely<DB>, f: CompanyFilter) {
  let query = db.selectFrom('companies')
    .leftJoin('companyAddresses', (join) => join.onRef('companyAddresses.companyId', '=', 'companies.companyId').on('companyAddresses.isPrimary', '=', true));
  if (f.q) {
    const pattern = containsPattern(f.q);
    query = query.where((eb) => eb.or([
      eb(sql`lower(companies.name)`, 'like', pattern),
      eb(sql`lower(companies.code)`, 'like', pattern),
      eb(sql`lower(company_addresses.town)`, 'like', pattern),
      eb(sql`lower(company_addresses.post_code)`, 'like', pattern),
    ]));
  }
  return query;
}

/** Every company matching the filter (the pickers' call), by name unless another order is asked for. */
export function listCompanies(db: Kysely<DB>, f: CompanyFilter = {}, order: { sort: CompanySortKey; dir: SortDirection } = { sort: 'name', dir: 'asc' }): Promise<CompanyListItem[]> {
  return filteredCompanies(db, f)
    .select(['companies.companyId', 'companies.name', 'companies.code', 'companyAddresses.town', 'companyAddresses.postCode', inUseSql.as('inUse')])
    .orderBy(companyOrder(order.sort, order.dir))
    .execute();
}

export async function pageCompanies(db: Kysely<DB>, f: CompanyFilter, p: PageRequest<CompanySortKey>): Promise<{ companies: CompanyListItem[]; total: number }> {
  const order = companyOrder(p.sort, p.dir);
  const pageIds = filteredCompanies(db, f).select('companies.companyId').orderBy(order).limit(p.pageSize).offset(p.offset);
  const counted = filteredCompanies(db, f).select(sql<number>`count(*)::int`.as('n'));
  const rows = await db.selectFrom('companies')
    .leftJoin('companyAddresses', (join) => join.onRef('companyAddresses.companyId', '=', 'companies.companyId').on('companyAddresses.isPrimary', '=', true))
    .select([
      'companies.companyId', 'companies.name', 'companies.code', 'companyAddresses.town', 'companyAddresses.postCode', inUseSql.as('inUse'),
      counted.as('total'),
    ])
    .where('companies.companyId', 'in', pageIds)
    .orderBy(order)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { companies: rows.map(({ total: _total, ...row }) => row), total };
}
