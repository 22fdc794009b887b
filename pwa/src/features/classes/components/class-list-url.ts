import { CLASS_MAX_PAGE_SIZE, CLASS_PAGE_SIZE, CLASS_SORT_KEYS, type ClassSortKey } from '@rollbook/shared-types/classes';
import type { QueryValue } from '../../../lib/api-client';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from '../../../lib/list-url';
import { classFilterParams, classListQuery, filterFromSearch, type ClassFilter } from './class-filter';

// The admin's classes list as an address (as the courses list): /Classes?period=all&sort=teacher&page=2.
// Pages are asked for by number, not by the API's keyset cursor, so that any page has an address.

export const CLASS_LIST_PAGING: ListPageDefaults<ClassSortKey> = {
  sortKeys: CLASS_SORT_KEYS,
  pageSize: CLASS_PAGE_SIZE,
  pageSizes: [20, CLASS_MAX_PAGE_SIZE],
};

/** The API's order when none is asked for: by date and time; every key reads A to Z / smallest first. */
const DEFAULT_SORT: ClassSortKey = 'date';
const NATURAL_DIR: Partial<Record<ClassSortKey, 'asc' | 'desc'>> = {};

export interface ClassListState extends ListPageState<ClassSortKey> {
  filter: ClassFilter;
}

export function classListFromSearch(search: string): ClassListState {
  return { filter: filterFromSearch(search), ...readListPage(new URLSearchParams(search), CLASS_LIST_PAGING) };
}

export function classListParams(state: ClassListState): URLSearchParams {
  const params = classFilterParams(state.filter);
  writeListPage(params, state, CLASS_LIST_PAGING);
  return params;
}

/** The GetByFilter request of a state: always one page. */
export function classListRequest(state: ClassListState): Record<string, QueryValue> {
  return { ...classListQuery(state.filter), ...listPageQuery(state) };
}

export const withClassFilter = (state: ClassListState, filter: ClassFilter): ClassListState => ({ ...state, filter, page: 1 });

export const classOrder = (state: ClassListState): SortOrder<ClassSortKey> => effectiveOrder(state, DEFAULT_SORT, NATURAL_DIR);

export const sortedClasses = (state: ClassListState, key: ClassSortKey): ClassListState => ({
  ...sortedBy(state, key, DEFAULT_SORT, NATURAL_DIR),
  filter: state.filter,
});
