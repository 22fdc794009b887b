import { CourseListQuerySchema } from '@rollbook/shared-types/courses';
import { COUNT_TILE_LINKS, COURSE_TILE_QUERIES } from '@rollbook/shared-types/dashboard';
import { describe, expect, it } from 'vitest';
import { courseFilterFromSearch, courseListQuery, courseListTitle } from './course-filter';

describe('courses list filter', () => {
  it('shows Active courses by default and after a reset', () => {
    expect(courseFilterFromSearch('')).toMatchObject({ statusId: 2, classesRemaining: -1, expiredClasses: false });
    expect(courseListQuery(courseFilterFromSearch(''))).toEqual({ statusId: 2 });
  });

  it.each([
    ['?expiredClasses=true&statusId=2', 'Courses expiring / expired', { expiredClasses: true, statusId: 2 }],
    ['?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True', 'Courses ending / ended', { classesRemaining: 3, statusId: -1, showOnlyActiveAndCompleted: true }],
    ['?statusId=1', 'Draft courses', { statusId: 1 }],
    ['?showClassCountErrors=True', 'Courses with time discrepancies', { showClassCountErrors: true, statusId: 2 }],
    ['?teacherId=4&companyId=2', 'Courses', { statusId: 2, teacherId: 4, companyId: 2 }],
    ['?remaining=0', 'Courses ending / ended', { classesRemaining: 0, statusId: 2 }],
  ])('opens %s titled %s', (search, title, expected) => {
    const filter = courseFilterFromSearch(search);
    expect(filter).toMatchObject(expected);
    expect(courseListTitle(filter)).toBe(title);
  });

  it('maps the remaining link parameter to the API filter and sends flags only when set', () => {
    expect(courseListQuery(courseFilterFromSearch('?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True'))).toEqual({
      statusId: -1, classesRemaining: 3, showOnlyActiveAndCompleted: true,
    });
    expect(courseListQuery(courseFilterFromSearch('?expiredClasses=false&statusId=2'))).toEqual({ statusId: 2 });
  });

  it('ignores unknown statuses, negative ids and half-typed dates', () => {
    expect(courseFilterFromSearch('?statusId=9&teacherId=-1&remaining=x')).toMatchObject({ statusId: 2, teacherId: 0, classesRemaining: -1 });
    const filter = { ...courseFilterFromSearch(''), startDate: '1/13/2027', endDate: '29/2/2028', title: '  ACME ' };
    expect(courseListQuery(filter)).toEqual({ statusId: 2, title: 'ACME', endDate: '29/2/2028' });
  });

  // The API counts each course tile with COURSE_TILE_QUERIES; the page must ask for the same list.
  it.each(Object.keys(COURSE_TILE_QUERIES) as (keyof typeof COURSE_TILE_QUERIES)[])('opens the %s tile on the list the tile counts', (tile) => {
    const asSent = (query: Record<string, unknown>) =>
      CourseListQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])));
    const link = COUNT_TILE_LINKS[tile];
    expect(asSent(courseListQuery(courseFilterFromSearch(link.slice(link.indexOf('?')))))).toEqual(asSent(COURSE_TILE_QUERIES[tile]));
  });
});
