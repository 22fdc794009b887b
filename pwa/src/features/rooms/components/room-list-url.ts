import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { ROOM_DEFAULT_SORT, ROOM_PAGE_SIZE, ROOM_SORT_KEYS, ROOM_SORT_NATURAL_DIR, type RoomSortKey } from '@rollbook/shared-types/rooms';
import { searchListFromSearch, searchListParams, searchListRequest, type SearchListDefaults, type SearchListState } from '../../../lib/search-list-url';

// /rooms?q=…&companyId=…&page=…&pageSize=…&sort=…&dir=…: the rooms list as an address.

export const ROOM_LIST: SearchListDefaults<RoomSortKey> = {
  sortKeys: ROOM_SORT_KEYS,
  pageSize: ROOM_PAGE_SIZE,
  pageSizes: [20, ROOM_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: ROOM_DEFAULT_SORT,
  naturalDir: ROOM_SORT_NATURAL_DIR,
};

export interface RoomListState extends SearchListState<RoomSortKey> {
  /** 0: every company. */
  companyId: number;
}

export function roomListFromSearch(search: string): RoomListState {
  const companyId = Number(new URLSearchParams(search).get('companyId'));
  return { ...searchListFromSearch(search, ROOM_LIST), companyId: Number.isSafeInteger(companyId) && companyId > 0 ? companyId : 0 };
}

/** The query string of a state: the search, the company, then paging; defaults left out. */
export function roomListParams(state: RoomListState): URLSearchParams {
  const params = searchListParams(state, ROOM_LIST);
  const paging = [...params.entries()].filter(([name]) => name !== 'q');
  const ordered = new URLSearchParams(state.q.trim() ? { q: state.q.trim() } : {});
  if (state.companyId) ordered.set('companyId', String(state.companyId));
  for (const [name, value] of paging) ordered.set(name, value);
  return ordered;
}

/** The getall request of a state: always one page. */
export const roomListRequest = (state: RoomListState) => ({ ...searchListRequest(state), ...(state.companyId ? { companyId: state.companyId } : {}) });
