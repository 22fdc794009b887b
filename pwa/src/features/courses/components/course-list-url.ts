import {
  COURSE_DEFAULT_SORT, COURSE_MAX_PAGE_SIZE, COURSE_PAGE_SIZE, COURSE_SORT_KEYS, COURSE_SORT_NATURAL_DIR, type CourseSortKey,
} from '@rollbook/shared-types/courses';
import type { QueryValue } from '../../../lib/api-client';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState, type SortOrder } from '../../../lib/list-url';
import { courseFilterFromSearch, courseFilterParams, courseListQuery, type CourseFilter } from './course-filter';

// The admin's courses list as an address: /courses?statusId=-1&title=acme&sort=title&page=3 shows
// the same rows after back, forward, reload or on a colleague's screen.

export const COURSE_LIST_PAGING: ListPageDefaults<CourseSortKey> = {
  sortKeys: COURSE_SORT_KEYS,
  pageSize: COURSE_PAGE_SIZE,
  pageSizes: [20, COURSE_PAGE_SIZE, COURSE_MAX_PAGE_SIZE],
};

export interface CourseListState extends ListPageState<CourseSortKey> {
  filter: CourseFilter;
}

export function courseListFromSearch(search: string): CourseListState {
  return { filter: courseFilterFromSearch(search), ...readListPage(new URLSearchParams(search), COURSE_LIST_PAGING) };
}

/** The query string of a state: filters first (as the dashboard's links write them), then paging. */
export function courseListParams(state: CourseListState): URLSearchParams {
  const params = courseFilterParams(state.filter);
  writeListPage(params, state, COURSE_LIST_PAGING);
  return params;
}

/** The getall request of a state: always one page. */
export function courseListRequest(state: CourseListState): Record<string, QueryValue> {
  return { ...courseListQuery(state.filter), ...listPageQuery(state) };
}

/** Another filter shows its first page, in the same order and page size. */
export const withCourseFilter = (state: CourseListState, filter: CourseFilter): CourseListState => ({ ...state, filter, page: 1 });

export const courseOrder = (state: CourseListState): SortOrder<CourseSortKey> => effectiveOrder(state, COURSE_DEFAULT_SORT, COURSE_SORT_NATURAL_DIR);

export const sortedCourses = (state: CourseListState, key: CourseSortKey): CourseListState => ({
  ...sortedBy(state, key, COURSE_DEFAULT_SORT, COURSE_SORT_NATURAL_DIR),
  filter: state.filter,
});
