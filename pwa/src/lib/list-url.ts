import type { SortDirection } from '@rollbook/shared-types/list-page';

// The paging and sorting half of a list's address (shared-types/list-page): page, pageSize, sort
// and dir in the query string, each left out while it has its default, so a list opened from the
// menu stays plain /courses and a shared link carries only what the sender changed.

export interface ListPageState<K extends string> {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** null: the list's own order (the server's default). */
  sort: K | null;
  /** null: the sort key's natural direction. */
  dir: SortDirection | null;
}

export interface ListPageDefaults<K extends string> {
  sortKeys: readonly K[];
  pageSize: number;
  /** Page sizes a link may ask for (the pager offers these). */
  pageSizes: readonly number[];
}

const wholeNumber = (text: string | null): number | null => {
  if (text === null || !/^\d{1,6}$/.test(text.trim())) return null;
  return Number(text);
};

/** What the address asks for; anything unknown or out of range falls back to the default. */
export function readListPage<K extends string>(params: URLSearchParams, defaults: ListPageDefaults<K>): ListPageState<K> {
  const page = wholeNumber(params.get('page'));
  const pageSize = wholeNumber(params.get('pageSize'));
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    page: page !== null && page >= 1 ? page : 1,
    pageSize: pageSize !== null && defaults.pageSizes.includes(pageSize) ? pageSize : defaults.pageSize,
    sort: (defaults.sortKeys as readonly string[]).includes(sort ?? '') ? (sort as K) : null,
    dir: dir === 'asc' || dir === 'desc' ? dir : null,
  };
}

/** Writes the state into `params`, leaving out what is at its default. */
export function writeListPage<K extends string>(params: URLSearchParams, state: ListPageState<K>, defaults: ListPageDefaults<K>): void {
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== defaults.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.sort !== null) params.set('sort', state.sort);
  if (state.dir !== null) params.set('dir', state.dir);
}

/** The page, pageSize, sort and dir a list request sends: always a page, never the whole list. */
export function listPageQuery<K extends string>(state: ListPageState<K>): { page: number; pageSize: number; sort?: K; dir?: SortDirection } {
  return { page: state.page, pageSize: state.pageSize, ...(state.sort ? { sort: state.sort } : {}), ...(state.dir ? { dir: state.dir } : {}) };
}

export interface SortOrder<K extends string> {
  sort: K;
  dir: SortDirection;
}

/** The order the rows are in: the asked key and direction, else the list's defaults. */
export function effectiveOrder<K extends string>(state: Pick<ListPageState<K>, 'sort' | 'dir'>, defaultSort: K, naturalDir: Partial<Record<K, SortDirection>>): SortOrder<K> {
  const sort = state.sort ?? defaultSort;
  return { sort, dir: state.dir ?? naturalDir[sort] ?? 'asc' };
}

/**
 * Clicking a column header: the same column turns its direction round, another column starts in
 * its natural direction (dates newest first, names A to Z). Either way the list goes back to page 1.
 */
export function sortedBy<K extends string>(
  state: ListPageState<K>, key: K, defaultSort: K, naturalDir: Partial<Record<K, SortDirection>>,
): ListPageState<K> {
  const now = effectiveOrder(state, defaultSort, naturalDir);
  const natural = naturalDir[key] ?? 'asc';
  const dir: SortDirection = now.sort === key ? (now.dir === 'asc' ? 'desc' : 'asc') : natural;
  return {
    ...state,
    page: 1,
    sort: key === defaultSort && dir === natural ? null : key,
    dir: dir === natural ? null : dir,
  };
}
