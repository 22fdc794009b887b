import type { SortDirection } from '@rollbook/shared-types/list-page';
import { useCallback, useMemo } from 'react';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from './list-url';
import { useListUrl, type ShowHow } from './use-list-url';

// A list whose page and order live in the address (list-url) while its filters stay on the screen:
// the students and teachers lists. /students?sort=email&dir=desc&page=2.

export interface ListPageUrlDefaults<K extends string> extends ListPageDefaults<K> {
  defaultSort: K;
  naturalDir?: Partial<Record<K, SortDirection>>;
}

export interface ListPageUrl<K extends string> {
  state: ListPageState<K>;
  /** The order the rows are in (the asked one, else the list's default). */
  order: SortOrder<K>;
  /** The page, pageSize, sort and dir to ask the server for. */
  request: ReturnType<typeof listPageQuery<K>>;
  toPage: (page: number, how?: ShowHow) => void;
  /** A column header's click: that column's order (or the other way round), from page 1. */
  sortBy: (key: K) => void;
}

/** The page and order of the address, and the moves to another page or order. */
export function useListPageUrl<K extends string>(path: string, defaults: ListPageUrlDefaults<K>): ListPageUrl<K> {
  const { search, show } = useListUrl(path);
  const state = useMemo(() => readListPage(new URLSearchParams(search), defaults), [search, defaults]);
  const go = useCallback(
    (next: ListPageState<K>, how?: ShowHow) => {
      const params = new URLSearchParams();
      writeListPage(params, next, defaults);
      show(params, how);
    },
    [show, defaults],
  );
  const naturalDir = defaults.naturalDir ?? {};
  return {
    state,
    order: effectiveOrder(state, defaults.defaultSort, naturalDir),
    request: listPageQuery(state),
    toPage: useCallback((page: number, how?: ShowHow) => go({ ...state, page }, how), [go, state]),
    sortBy: (key: K) => go(sortedBy(state, key, defaults.defaultSort, naturalDir)),
  };
}
