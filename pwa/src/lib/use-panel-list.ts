import { pageCount, type SortDirection } from '@rollbook/shared-types/list-page';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { effectiveOrder, listPageQuery, sortedBy, type ListPageState, type SortOrder } from './list-url';

// Paging and order of a list inside an entity's form (its notes, its documents). The form's own
// address names the entity; the panel's page lives in the panel, as every other panel's does, and
// starts again at page 1 for another entity.

export interface PanelListDefaults<K extends string> {
  pageSize: number;
  /** Page sizes the pager offers. */
  pageSizes: readonly number[];
  defaultSort: K;
  naturalDir?: Partial<Record<K, SortDirection>>;
}

export interface PanelList<K extends string> {
  state: ListPageState<K>;
  /** The request's page, pageSize, sort and dir: always one page. */
  query: ReturnType<typeof listPageQuery<K>>;
  order: SortOrder<K>;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  /** A column header's click: that key (or the other direction of it), from page 1. */
  sortBy: (key: K) => void;
  /** An explicit order, from page 1. */
  setOrder: (order: SortOrder<K>) => void;
}

export function usePanelList<K extends string>(owner: string, defaults: PanelListDefaults<K>): PanelList<K> {
  const [held, setHeld] = useState(() => ({ owner, state: firstPage<K>(defaults) }));
  const state = held.owner === owner ? held.state : firstPage<K>(defaults);
  const update = useCallback(
    (change: (now: ListPageState<K>) => ListPageState<K>) =>
      setHeld((now) => ({ owner, state: change(now.owner === owner ? now.state : firstPage<K>(defaults)) })),
    [owner, defaults],
  );
  const setters = useMemo(() => {
    const natural = defaults.naturalDir ?? {};
    return {
      setPage: (page: number) => update((now) => ({ ...now, page })),
      setPageSize: (pageSize: number) => update((now) => ({ ...now, pageSize, page: 1 })),
      sortBy: (key: K) => update((now) => sortedBy(now, key, defaults.defaultSort, natural)),
      setOrder: ({ sort, dir }: SortOrder<K>) => update((now) => ({ ...now, page: 1, sort, dir })),
    };
  }, [update, defaults]);
  return { state, query: listPageQuery(state), order: effectiveOrder(state, defaults.defaultSort, defaults.naturalDir ?? {}), ...setters };
}

const firstPage = <K extends string>(defaults: PanelListDefaults<K>): ListPageState<K> => ({ page: 1, pageSize: defaults.pageSize, sort: null, dir: null });

/**
 * A page past the end (its last rows deleted, or the list shrank meanwhile) shows the last page
 * instead: the page before, after deleting the only row of the last page.
 */
export function useLastPageWhenPastTheEnd(list: Pick<PanelList<string>, 'state' | 'setPage'>, answer: { total: number } | undefined, placeholder: boolean): void {
  const pages = answer ? pageCount(answer.total, list.state.pageSize) : 1;
  const pastTheEnd = !placeholder && answer !== undefined && answer.total > 0 && list.state.page > pages;
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd) setPage(pages);
  }, [pastTheEnd, pages, setPage]);
}
