import { ATTENDANCE_WARNING_PAGE_SIZE, ATTENDANCE_WARNING_SORT_KEYS, type AttendanceWarningSortKey } from '@rollbook/shared-types/attendance-warnings';
import { INT32_MAX } from '@rollbook/shared-types/integers';
import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import type { QueryValue } from '../../../lib/api-client';
import {
  searchListFromSearch, searchListOrder, searchListParams, searchListRequest, searchListSortedBy, withSearch, type SearchListDefaults, type SearchListState,
} from '../../../lib/search-list-url';

// The warning list as an address: /attendance-warnings?courseId=7&q=smith&sort=course&page=2 shows the same
// rows after back, forward, reload or on a colleague's screen. The tile links to the plain path:
// every row, lowest rate first, the very rows the tile counts. Every column starts low to high
// (names A to Z, lowest rate first).

export const WARNING_LIST: SearchListDefaults<AttendanceWarningSortKey> = {
  sortKeys: ATTENDANCE_WARNING_SORT_KEYS,
  pageSize: ATTENDANCE_WARNING_PAGE_SIZE,
  pageSizes: [20, ATTENDANCE_WARNING_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: 'rate',
};

export interface WarningListState extends SearchListState<AttendanceWarningSortKey> {
  /** One course's rows only (the course's students tab links so); 0 for every course. */
  courseId: number;
}

export function warningListFromSearch(search: string): WarningListState {
  const courseId = new URLSearchParams(search).get('courseId') ?? '';
  return {
    ...searchListFromSearch(search, WARNING_LIST),
    courseId: /^[1-9]\d{0,9}$/.test(courseId) && Number(courseId) <= INT32_MAX ? Number(courseId) : 0,
  };
}

/** The query string of a state: the course, the search, then paging; defaults left out. */
export function warningListParams(state: WarningListState): URLSearchParams {
  const params = new URLSearchParams(state.courseId ? { courseId: String(state.courseId) } : {});
  for (const [name, value] of searchListParams(state, WARNING_LIST)) params.set(name, value);
  return params;
}

/** The request of a state: always one page. */
export const warningListRequest = (state: WarningListState): Record<string, QueryValue> => ({
  ...searchListRequest(state),
  ...(state.courseId ? { courseId: state.courseId } : {}),
});

export const warningOrder = (state: WarningListState) => searchListOrder(state, WARNING_LIST);

export const sortedWarnings = (state: WarningListState, key: AttendanceWarningSortKey): WarningListState => searchListSortedBy(state, key, WARNING_LIST);

/** Another search shows its first page, in the same order and page size. */
export const searchedWarnings = (state: WarningListState, q: string): WarningListState => withSearch(state, q);
