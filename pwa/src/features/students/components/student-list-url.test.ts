import { StudentListQuerySchema } from '@rollbook/shared-types/students';
import { describe, expect, it } from 'vitest';
import { sortedStudents, studentListFromSearch, studentListParams, studentListRequest, studentOrder, withStudentFilters } from './student-list-url';

const roundTrip = (search: string) => studentListParams(studentListFromSearch(search)).toString();
/** The request as the API reads it from the query string (getStudents leaves a blank name out). */
const asSent = (request: ReturnType<typeof studentListRequest>) =>
  StudentListQuerySchema.parse(Object.fromEntries(Object.entries({ ...request, name: request.name || undefined }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])));

describe('the students list address', () => {
  it('is plain /students for every company and status, by last name, page 1 of 100', () => {
    expect(roundTrip('')).toBe('');
    expect(studentListRequest(studentListFromSearch(''))).toEqual({ name: '', companyId: -1, statusId: -1, page: 1, pageSize: 100 });
    expect(studentOrder(studentListFromSearch(''))).toEqual({ sort: 'lastName', dir: 'asc' });
  });

  it('keeps the name, company, status, page and order through a reload or a shared link, and asks the API for them', () => {
    const search = 'name=smi&companyId=7&statusId=0&page=2&sort=email&dir=desc';
    expect(roundTrip(search)).toBe(search);
    const request = studentListRequest(studentListFromSearch(search));
    expect(request).toEqual({ name: 'smi', companyId: 7, statusId: 0, page: 2, pageSize: 100, sort: 'email', dir: 'desc' });
    expect(asSent(request)).toMatchObject(request);
  });

  it.each([
    ['statusId=1', 'statusId=1'],
    ['statusId=-1', ''],
    ['statusId=2', ''],
    ['companyId=-1', ''],
    ['companyId=0', ''],
    ['companyId=abc&name=a', 'name=a'],
    ['companyId=99999999999', ''],
    ['name=++', ''],
    ['name=+ann+', 'name=ann'],
    ['pageSize=20&sort=price', ''],
  ])('reads %s as %s, leaving out what is the default or not a filter the list has', (search, expected) => {
    expect(roundTrip(search)).toBe(expected);
  });

  it('shows the first page of a new filter, keeping the others and the order', () => {
    const onPage3 = studentListFromSearch('name=smi&statusId=1&page=3&sort=company');
    expect(studentListParams(withStudentFilters(onPage3, { companyId: 4 })).toString()).toBe('name=smi&companyId=4&statusId=1&sort=company');
    expect(studentListParams(withStudentFilters(onPage3, { name: '' })).toString()).toBe('statusId=1&sort=company');
  });

  it('sorts from page 1, keeping the filters', () => {
    const onPage2 = studentListFromSearch('name=smi&statusId=0&page=2');
    expect(studentListParams(sortedStudents(onPage2, 'firstName')).toString()).toBe('name=smi&statusId=0&sort=firstName');
  });
});
