import { AttendanceWarningListQuerySchema } from '@rollbook/shared-types/attendance-warnings';
import { describe, expect, it } from 'vitest';
import { readThreshold } from './threshold-form';
import { searchedWarnings, sortedWarnings, warningListFromSearch, warningListParams, warningListRequest, warningOrder } from './warning-list-url';

const roundTrip = (search: string) => warningListParams(warningListFromSearch(search)).toString();

describe('the attendance warnings address', () => {
  it('is the plain path the tile links to for every row, lowest rate first, 50 a page', () => {
    expect(roundTrip('')).toBe('');
    const request = warningListRequest(warningListFromSearch(''));
    expect(request).toEqual({ q: undefined, courseId: undefined, page: 1, pageSize: 50 });
    expect(warningOrder(warningListFromSearch(''))).toEqual({ sort: 'rate', dir: 'asc' });
  });

  it('keeps search, page and order through a reload or a shared link, as the API reads them', () => {
    const search = 'courseId=7&q=smith&page=3&pageSize=20&sort=course&dir=desc';
    expect(roundTrip(search)).toBe(search);
    const request = warningListRequest(warningListFromSearch(search));
    const sent = Object.entries(request).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]);
    expect(AttendanceWarningListQuerySchema.parse(Object.fromEntries(sent))).toEqual({
      courseId: 7, q: 'smith', page: 3, pageSize: 20, sort: 'course', dir: 'desc',
    });
  });

  it('drops what the list would not show: unknown sort keys, pages and page sizes', () => {
    expect(roundTrip('sort=price&page=0&pageSize=7&dir=up&courseId=abc')).toBe('');
    expect(roundTrip('courseId=-1')).toBe('');
    expect(roundTrip('courseId=99999999999')).toBe('');
  });

  it('sorts by a column from page 1, turning the same column round, and searches from page 1', () => {
    const onPage3 = warningListFromSearch('courseId=4&q=ann&page=3');
    const byStudent = sortedWarnings(onPage3, 'student');
    expect(warningListParams(byStudent).toString()).toBe('courseId=4&q=ann&sort=student');
    expect(warningListParams(sortedWarnings(byStudent, 'student')).toString()).toBe('courseId=4&q=ann&sort=student&dir=desc');
    // The default order turned round: the highest rates first.
    expect(warningListParams(sortedWarnings(warningListFromSearch(''), 'rate')).toString()).toBe('sort=rate&dir=desc');
    expect(warningListParams(searchedWarnings(onPage3, 'bo')).toString()).toBe('courseId=4&q=bo');
  });
});

describe('the threshold field', () => {
  it.each([['75', 75], [' 100 ', 100], ['1', 1], ['075', 75]])('takes %s as %i', (text, threshold) => {
    expect(readThreshold(text)).toEqual({ threshold, error: null });
  });

  it.each(['0', '101', '80.5', '', 'eighty', '-5', '1e2'])('refuses %j with the API\'s own message', (text) => {
    expect(readThreshold(text)).toEqual({ threshold: null, error: 'Please give the threshold as a whole percent from 1 to 100' });
  });
});
