import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR } from '@rollbook/shared-types/people';
import { TEACHER_PAGE_SIZE, TEACHER_SORT_KEYS, type TeacherSortKey } from '@rollbook/shared-types/teachers';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from '../../../lib/list-url';
import type { TeacherFilters, TeacherListRequest } from '../api/get-teachers';

// The admin's teachers list as an address: /teachers?searchText=hop&status=-1&sort=email&page=2
// shows the same rows after back, forward, reload or on a colleague's screen. The filters keep the
// names the getall request gives them; each is left out while it has its default, so the list
// opened from the menu stays plain /teachers: active teachers (the spec's default), by last name.

export const TEACHER_LIST: ListPageDefaults<TeacherSortKey> = {
  sortKeys: TEACHER_SORT_KEYS,
  pageSize: TEACHER_PAGE_SIZE,
  pageSizes: [TEACHER_PAGE_SIZE],
};

export const NO_TEACHER_FILTERS: TeacherFilters = { searchText: '', status: 1 };

export interface TeacherListState extends ListPageState<TeacherSortKey> {
  filters: TeacherFilters;
}

const statusOf = (text: string | null) => (text === '-1' || text === '0' || text === '1' ? Number(text) : NO_TEACHER_FILTERS.status);

/** What the address asks for; anything unknown falls back to the default. */
export function teacherListFromSearch(search: string): TeacherListState {
  const params = new URLSearchParams(search);
  return {
    filters: { searchText: (params.get('searchText') ?? '').trim().slice(0, 200), status: statusOf(params.get('status')) },
    ...readListPage(params, TEACHER_LIST),
  };
}

/** The query string of a state: the filters first, then paging; defaults left out. */
export function teacherListParams(state: TeacherListState): URLSearchParams {
  const { searchText, status } = state.filters;
  const params = new URLSearchParams();
  if (searchText.trim()) params.set('searchText', searchText.trim());
  if (status !== NO_TEACHER_FILTERS.status) params.set('status', String(status));
  writeListPage(params, state, TEACHER_LIST);
  return params;
}

/** The getall request of a state: the filters and always one page. */
export const teacherListRequest = (state: TeacherListState): TeacherListRequest => ({ ...state.filters, ...listPageQuery(state) });

/** Another filter shows its first page, in the same order. */
export const withTeacherFilters = (state: TeacherListState, changes: Partial<TeacherFilters>): TeacherListState => ({
  ...state,
  filters: { ...state.filters, ...changes },
  page: 1,
});

export const teacherOrder = (state: TeacherListState): SortOrder<TeacherSortKey> => effectiveOrder(state, PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR);

export const sortedTeachers = (state: TeacherListState, key: TeacherSortKey): TeacherListState => ({
  ...sortedBy(state, key, PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR),
  filters: state.filters,
});
