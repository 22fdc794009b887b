import { describe, expect, it } from 'vitest';
import { classListFromSearch, classListParams, classListRequest, sortedClasses, withClassFilter } from './class-list-url';

const roundTrip = (search: string) => classListParams(classListFromSearch(search)).toString();

describe('the classes list address', () => {
  it('is plain /Classes for this week by date, page 1 of 50', () => {
    expect(roundTrip('')).toBe('');
    expect(classListRequest(classListFromSearch(''))).toMatchObject({ timePeriod: 'W', page: 1, pageSize: 50 });
  });

  it("keeps the dashboard's links as they are: a teacher's or a status's classes over the whole history", () => {
    expect(roundTrip('statusId=2')).toBe('statusId=2');
    expect(roundTrip('teacherId=7&statusId=2')).toBe('teacherId=7&statusId=2');
    expect(classListRequest(classListFromSearch('statusId=2'))).toEqual({ statusId: 2, page: 1, pageSize: 50 });
  });

  it('keeps filters, period, page and order through a reload or a shared link', () => {
    const search = 'title=ielts&subjectId=2&levelId=3&teacherId=4&period=thisMonth&page=2&pageSize=20&sort=teacher&dir=desc';
    expect(roundTrip(search)).toBe(search);
    expect(classListRequest(classListFromSearch(search))).toEqual({
      title: 'ielts', subjectId: 2, levelId: 3, teacherId: 4, timePeriod: 'M', page: 2, pageSize: 20, sort: 'teacher', dir: 'desc',
    });
  });

  it('writes the period when it is not the default one of the address', () => {
    expect(roundTrip('period=all')).toBe('period=all');
    expect(roundTrip('statusId=3&period=thisWeek')).toBe('statusId=3&period=thisWeek');
    expect(roundTrip('statusId=3&period=all')).toBe('statusId=3');
  });

  it('keeps a custom range with real dates only', () => {
    const search = 'period=custom&startDate=1%2F2%2F2027&endDate=28%2F2%2F2027';
    expect(roundTrip(search)).toBe(search);
    expect(roundTrip('period=custom&startDate=31%2F2%2F2027')).toBe('period=custom');
    expect(roundTrip('startDate=1%2F2%2F2027')).toBe('');
  });

  it('shows the first page of a new filter or order', () => {
    const onPage3 = classListFromSearch('period=all&page=3');
    expect(classListParams(withClassFilter(onPage3, { ...onPage3.filter, statusId: 3 })).toString()).toBe('statusId=3');
    expect(classListParams(sortedClasses(onPage3, 'teacher')).toString()).toBe('period=all&sort=teacher');
    expect(classListParams(sortedClasses(classListFromSearch('sort=date'), 'date')).toString()).toBe('sort=date&dir=desc');
  });
});
