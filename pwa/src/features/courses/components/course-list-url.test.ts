import { CourseListQuerySchema } from '@rollbook/shared-types/courses';
import { COUNT_TILE_LINKS, COURSE_TILE_QUERIES } from '@rollbook/shared-types/dashboard';
import { describe, expect, it } from 'vitest';
import { courseListFromSearch, courseListParams, courseListRequest, sortedCourses, withCourseFilter } from './course-list-url';

const roundTrip = (search: string) => courseListParams(courseListFromSearch(search)).toString();

describe('the courses list address', () => {
  it('is plain /courses for Active courses, newest first, page 1 of 50', () => {
    expect(roundTrip('')).toBe('');
    expect(courseListRequest(courseListFromSearch(''))).toEqual({ statusId: 2, page: 1, pageSize: 50 });
  });

  it('keeps filters, page and order through a reload or a shared link', () => {
    const search = 'title=acme+english&subjectId=3&statusId=-1&startDate=1%2F9%2F2026&endDate=31%2F7%2F2027&remaining=5&page=3&pageSize=20&sort=title&dir=desc';
    expect(roundTrip(search)).toBe(search);
    expect(courseListRequest(courseListFromSearch(search))).toEqual({
      title: 'acme english', subjectId: 3, statusId: -1, startDate: '1/9/2026', endDate: '31/7/2027', classesRemaining: 5,
      page: 3, pageSize: 20, sort: 'title', dir: 'desc',
    });
  });

  it('drops what the list would not show: half-typed dates, unknown statuses, pages and sort keys', () => {
    expect(roundTrip('startDate=1%2F13%2F2027&statusId=9&page=0&sort=price&pageSize=7')).toBe('');
  });

  // The dashboard's tiles link here; their addresses are the filters the tiles count.
  it.each(Object.keys(COURSE_TILE_QUERIES) as (keyof typeof COURSE_TILE_QUERIES)[])('asks for the %s tile\'s list, page by page', (tile) => {
    const link = COUNT_TILE_LINKS[tile];
    const state = courseListFromSearch(link.slice(link.indexOf('?')));
    const asSent = (query: Record<string, unknown>) =>
      CourseListQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])));
    const { page, pageSize, ...filters } = asSent(courseListRequest(state));
    expect(filters).toEqual(asSent(COURSE_TILE_QUERIES[tile]));
    expect({ page, pageSize }).toEqual({ page: 1, pageSize: 50 });
    // Paging on keeps the tile's filter in the address.
    expect(courseListFromSearch(courseListParams({ ...state, page: 2 }).toString())).toEqual({ ...state, page: 2 });
  });

  it('shows the first page of a new filter or order, keeping the page size', () => {
    const onPage3 = courseListFromSearch('page=3&pageSize=80');
    expect(roundTrip(courseListParams(withCourseFilter(onPage3, { ...onPage3.filter, title: 'ielts' })).toString())).toBe('title=ielts&pageSize=80');
    expect(courseListParams(sortedCourses(onPage3, 'company')).toString()).toBe('pageSize=80&sort=company');
  });
});
