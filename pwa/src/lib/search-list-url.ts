import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from './list-url';

// The address of a list whose one filter is a free-text search `q` (companies, rooms, settlement
// reports), on top of list-url's page, pageSize, sort and dir: /companies?q=acme&sort=town&page=2.

export interface SearchListDefaults<K extends string> extends ListPageDefaults<K> {
  defaultSort: K;
  naturalDir?: Partial<Record<K, 'asc' | 'desc'>>;
}

export interface SearchListState<K extends string> extends ListPageState<K> {
  /** The search as typed and committed ('' none). */
  q: string;
}

export function searchListFromSearch<K extends string>(search: string, defaults: SearchListDefaults<K>): SearchListState<K> {
  const params = new URLSearchParams(search);
  return { q: (params.get('q') ?? '').trim().slice(0, 200), ...readListPage(params, defaults) };
}

/** The query string of a state: the search first, then paging; defaults left out. */
export function searchListParams<K extends string>(state: SearchListState<K>, defaults: SearchListDefaults<K>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  writeListPage(params, state, defaults);
  return params;
}

/** The list request of a state: always one page. */
export function searchListRequest<K extends string>(state: SearchListState<K>) {
  return { ...(state.q.trim() ? { q: state.q.trim() } : {}), ...listPageQuery(state) };
}

/** Another search shows its first page, in the same order and page size. */
export const withSearch = <K extends string, S extends SearchListState<K>>(state: S, q: string): S => ({ ...state, q, page: 1 });

export const searchListOrder = <K extends string>(state: SearchListState<K>, defaults: SearchListDefaults<K>): SortOrder<K> =>
  effectiveOrder(state, defaults.defaultSort, defaults.naturalDir ?? {});

export const searchListSortedBy = <K extends string, S extends SearchListState<K>>(state: S, key: K, defaults: SearchListDefaults<K>): S => ({
  ...state,
  ...sortedBy(state, key, defaults.defaultSort, defaults.naturalDir ?? {}),
});
