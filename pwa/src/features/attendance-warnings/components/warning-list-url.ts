import { ATTENDANCE_WARNING_PAGE_SIZE, ATTENDANCE_WARNING_SORT_KEYS, type AttendanceWarningSortKey } from '@rollbook/shared-types/attendance-warnings';
import { INT32_MAX } from '@rollbook/shared-types/integers';
import { MAX_PAGE_SIZE, type SortDirection } from '@rollbook/shared-types/list-page';
import type { QueryValue } from '../../../lib/api-client';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from '../../../lib/list-url';

// The warning list as an address: /attendance-warnings?courseId=7&q=smith&sort=course&page=2 shows the same
// rows after back, forward, reload or on a colleague's screen. The tile links to the plain path:
// every row, lowest rate first, the very rows the tile counts.

export const WARNING_DEFAULT_SORT: AttendanceWarningSortKey = 'rate';
/** Every column starts low to high (names A to Z, lowest rate first). */
export const WARNING_SORT_NATURAL_DIR: Partial<Record<AttendanceWarningSortKey, SortDirection>> = {};

export const WARNING_LIST_PAGING: ListPageDefaults<AttendanceWarningSortKey> = {
  sortKeys: ATTENDANCE_WARNING_SORT_KEYS,
  pageSize: ATTENDANCE_WARNING_PAGE_SIZE,
  pageSizes: [20, ATTENDANCE_WARNING_PAGE_SIZE, MAX_PAGE_SIZE],
};

export interface WarningListState extends ListPageState<AttendanceWarningSortKey> {
  /** Part of a student's name or a course's title; '' for every row. */
  q: string;
  /** One course's rows only (the course's students tab links so); 0 for every course. */
  courseId: number;
}

export function warningListFromSearch(search: string): WarningListState {
  const params = new URLSearchParams(search);
  const courseId = Number(params.get('courseId'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    courseId: /^[1-9]\d{0,9}$/.test(params.get('courseId') ?? '') && courseId <= INT32_MAX ? courseId : 0,
    ...readListPage(params, WARNING_LIST_PAGING),
  };
}

export function warningListParams(state: WarningListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.courseId) params.set('courseId', String(state.courseId));
  if (state.q) params.set('q', state.q);
  writeListPage(params, state, WARNING_LIST_PAGING);
  return params;
}

/** The request of a state: always one page. */
export const warningListRequest = (state: WarningListState): Record<string, QueryValue> => ({
  q: state.q || undefined,
  courseId: state.courseId || undefined,
  ...listPageQuery(state),
});


export const warningOrder = (state: WarningListState): SortOrder<AttendanceWarningSortKey> => effectiveOrder(state, WARNING_DEFAULT_SORT, WARNING_SORT_NATURAL_DIR);

export const sortedWarnings = (state: WarningListState, key: AttendanceWarningSortKey): WarningListState => ({
  ...sortedBy(state, key, WARNING_DEFAULT_SORT, WARNING_SORT_NATURAL_DIR),
  q: state.q,
  courseId: state.courseId,
});

/** Another search shows its first page, in the same order and page size. */
export const searchedWarnings = (state: WarningListState, q: string): WarningListState => ({ ...state, q, page: 1 });
