import { INT32_MAX } from '@rollbook/shared-types/integers';
import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR } from '@rollbook/shared-types/people';
import { STUDENT_PAGE_SIZE, STUDENT_SORT_KEYS, type StudentSortKey } from '@rollbook/shared-types/students';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from '../../../lib/list-url';
import type { StudentFilters, StudentListRequest } from '../api/get-students';

// The admin's students list as an address: /students?name=smi&companyId=3&statusId=1&sort=email&page=2
// shows the same rows after back, forward, reload or on a colleague's screen. The filters keep the
// names the getall request gives them; each is left out while it has its default, so the list
// opened from the menu stays plain /students: every company, every status, by last name.

export const STUDENT_LIST: ListPageDefaults<StudentSortKey> = {
  sortKeys: STUDENT_SORT_KEYS,
  pageSize: STUDENT_PAGE_SIZE,
  pageSizes: [STUDENT_PAGE_SIZE],
};

export const NO_STUDENT_FILTERS: StudentFilters = { name: '', companyId: -1, statusId: -1 };

export interface StudentListState extends ListPageState<StudentSortKey> {
  filters: StudentFilters;
}

const companyIdOf = (text: string | null) =>
  text !== null && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT32_MAX ? Number(text) : NO_STUDENT_FILTERS.companyId;
const statusIdOf = (text: string | null) => (text === '1' || text === '0' ? Number(text) : NO_STUDENT_FILTERS.statusId);

/** What the address asks for; anything unknown falls back to the default. */
export function studentListFromSearch(search: string): StudentListState {
  const params = new URLSearchParams(search);
  return {
    filters: {
      name: (params.get('name') ?? '').trim().slice(0, 200),
      companyId: companyIdOf(params.get('companyId')),
      statusId: statusIdOf(params.get('statusId')),
    },
    ...readListPage(params, STUDENT_LIST),
  };
}

/** The query string of a state: the filters first, then paging; defaults left out. */
export function studentListParams(state: StudentListState): URLSearchParams {
  const { name, companyId, statusId } = state.filters;
  const params = new URLSearchParams();
  if (name.trim()) params.set('name', name.trim());
  if (companyId !== NO_STUDENT_FILTERS.companyId) params.set('companyId', String(companyId));
  if (statusId !== NO_STUDENT_FILTERS.statusId) params.set('statusId', String(statusId));
  writeListPage(params, state, STUDENT_LIST);
  return params;
}

/** The getall request of a state: the filters and always one page. */
export const studentListRequest = (state: StudentListState): StudentListRequest => ({ ...state.filters, ...listPageQuery(state) });

/** Another filter shows its first page, in the same order. */
export const withStudentFilters = (state: StudentListState, changes: Partial<StudentFilters>): StudentListState => ({
  ...state,
  filters: { ...state.filters, ...changes },
  page: 1,
});

export const studentOrder = (state: StudentListState): SortOrder<StudentSortKey> => effectiveOrder(state, PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR);

export const sortedStudents = (state: StudentListState, key: StudentSortKey): StudentListState => ({
  ...sortedBy(state, key, PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR),
  filters: state.filters,
});
