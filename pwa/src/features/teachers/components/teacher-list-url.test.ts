import { TeacherListQuerySchema } from '@rollbook/shared-types/teachers';
import { describe, expect, it } from 'vitest';
import { sortedTeachers, teacherListFromSearch, teacherListParams, teacherListRequest, teacherOrder, withTeacherFilters } from './teacher-list-url';

const roundTrip = (search: string) => teacherListParams(teacherListFromSearch(search)).toString();
/** The request as the API reads it from the query string (getTeachers leaves a blank search out). */
const asSent = (request: ReturnType<typeof teacherListRequest>) =>
  TeacherListQuerySchema.parse(
    Object.fromEntries(Object.entries({ ...request, searchText: request.searchText || undefined }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])),
  );

describe('the teachers list address', () => {
  it('is plain /teachers for active teachers, by last name, page 1 of 100', () => {
    expect(roundTrip('')).toBe('');
    expect(teacherListRequest(teacherListFromSearch(''))).toEqual({ searchText: '', status: 1, page: 1, pageSize: 100 });
    expect(teacherOrder(teacherListFromSearch(''))).toEqual({ sort: 'lastName', dir: 'asc' });
  });

  it('keeps the search, status, page and order through a reload or a shared link, and asks the API for them', () => {
    const search = 'searchText=hop&status=-1&page=2&sort=status&dir=asc';
    expect(roundTrip(search)).toBe(search);
    const request = teacherListRequest(teacherListFromSearch(search));
    expect(request).toEqual({ searchText: 'hop', status: -1, page: 2, pageSize: 100, sort: 'status', dir: 'asc' });
    expect(asSent(request)).toMatchObject(request);
  });

  it.each([
    ['status=0', 'status=0'],
    ['status=-1', 'status=-1'],
    ['status=1', ''],
    ['status=7', ''],
    ['status=all&searchText=a', 'searchText=a'],
    ['searchText=+grace+', 'searchText=grace'],
    ['pageSize=20&sort=company', ''],
  ])('reads %s as %s, leaving out what is the default or not a filter the list has', (search, expected) => {
    expect(roundTrip(search)).toBe(expected);
  });

  it('shows the first page of a new filter, keeping the other and the order', () => {
    const onPage3 = teacherListFromSearch('searchText=hop&page=3&sort=email');
    expect(teacherListParams(withTeacherFilters(onPage3, { status: 0 })).toString()).toBe('searchText=hop&status=0&sort=email');
    expect(teacherListParams(withTeacherFilters(onPage3, { searchText: '' })).toString()).toBe('sort=email');
  });

  it('sorts from page 1, keeping the filters', () => {
    const onPage2 = teacherListFromSearch('status=-1&page=2');
    expect(teacherListParams(sortedTeachers(onPage2, 'email')).toString()).toBe('status=-1&sort=email');
  });
});
