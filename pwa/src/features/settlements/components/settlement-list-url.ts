import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import {
  SETTLEMENT_DEFAULT_SORT, SETTLEMENT_PAGE_SIZE, SETTLEMENT_SORT_KEYS, SETTLEMENT_SORT_NATURAL_DIR, type SettlementSortKey,
} from '@rollbook/shared-types/reports';
import { searchListFromSearch, searchListParams, type SearchListDefaults, type SearchListState } from '../../../lib/search-list-url';

// The settlement history as an address: /Reports?year=2026&q=march&sort=amount&page=2.

export const SETTLEMENT_LIST: SearchListDefaults<SettlementSortKey> = {
  sortKeys: SETTLEMENT_SORT_KEYS,
  pageSize: SETTLEMENT_PAGE_SIZE,
  pageSizes: [20, SETTLEMENT_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: SETTLEMENT_DEFAULT_SORT,
  naturalDir: SETTLEMENT_SORT_NATURAL_DIR,
};

export interface SettlementListState extends SearchListState<SettlementSortKey> {
  /** null: the newest year that has reports. */
  year: number | null;
}

export function settlementListFromSearch(search: string): SettlementListState {
  const year = new URLSearchParams(search).get('year') ?? '';
  return { ...searchListFromSearch(search, SETTLEMENT_LIST), year: /^\d{4}$/.test(year) ? Number(year) : null };
}

/** The query string of a state: the year, the search, then paging; defaults left out. */
export function settlementListParams(state: SettlementListState): URLSearchParams {
  const params = new URLSearchParams(state.year !== null ? { year: String(state.year) } : {});
  for (const [name, value] of searchListParams(state, SETTLEMENT_LIST)) params.set(name, value);
  return params;
}
