import { describe, expect, it } from 'vitest';
import { effectiveOrder, listPageQuery, readListPage, sortedBy, writeListPage, type ListPageDefaults, type ListPageState } from './list-url';

type Key = 'title' | 'startDate' | 'status';
const DEFAULTS: ListPageDefaults<Key> = { sortKeys: ['title', 'startDate', 'status'], pageSize: 50, pageSizes: [20, 50, 80] };
const NATURAL = { startDate: 'desc' } as const;
const FIRST: ListPageState<Key> = { page: 1, pageSize: 50, sort: null, dir: null };

const written = (state: ListPageState<Key>) => {
  const params = new URLSearchParams();
  writeListPage(params, state, DEFAULTS);
  return params.toString();
};

describe('a list page in the address', () => {
  it('leaves every default out, so the plain address is the first page in the list order', () => {
    expect(readListPage(new URLSearchParams(''), DEFAULTS)).toEqual(FIRST);
    expect(written(FIRST)).toBe('');
  });

  it.each([
    ['page=3', { page: 3 }],
    ['pageSize=20', { pageSize: 20 }],
    ['sort=title', { sort: 'title' }],
    ['sort=startDate&dir=asc', { sort: 'startDate', dir: 'asc' }],
    ['page=2&pageSize=80&sort=status&dir=desc', { page: 2, pageSize: 80, sort: 'status', dir: 'desc' }],
  ] as const)('reads and writes back %s', (search, patch) => {
    const state = readListPage(new URLSearchParams(search), DEFAULTS);
    expect(state).toEqual({ ...FIRST, ...patch });
    expect(written(state)).toBe(search);
  });

  it.each([
    ['page=0'], ['page=-2'], ['page=2.5'], ['page=x'], ['pageSize=33'], ['pageSize=1000000'], ['sort=password'], ['dir=up'], ['page=9999999'],
  ])('falls back to the defaults for %s', (search) => {
    expect(readListPage(new URLSearchParams(search), DEFAULTS)).toEqual(FIRST);
  });

  it('always asks the server for a page, never the whole list', () => {
    expect(listPageQuery(FIRST)).toEqual({ page: 1, pageSize: 50 });
    expect(listPageQuery({ page: 4, pageSize: 20, sort: 'title', dir: 'desc' })).toEqual({ page: 4, pageSize: 20, sort: 'title', dir: 'desc' });
  });
});

describe('sorting by a column header', () => {
  it('starts another column in its natural direction, on page 1', () => {
    const onPage3 = { ...FIRST, page: 3 };
    expect(sortedBy(onPage3, 'title', 'startDate', NATURAL)).toEqual({ ...FIRST, sort: 'title' });
    expect(effectiveOrder(sortedBy(onPage3, 'title', 'startDate', NATURAL), 'startDate', NATURAL)).toEqual({ sort: 'title', dir: 'asc' });
  });

  it('turns the sorted column round, and back to the plain address for the default order', () => {
    const byTitle = sortedBy(FIRST, 'title', 'startDate', NATURAL);
    const byTitleDesc = sortedBy(byTitle, 'title', 'startDate', NATURAL);
    expect(byTitleDesc).toEqual({ ...FIRST, sort: 'title', dir: 'desc' });
    expect(sortedBy(byTitleDesc, 'title', 'startDate', NATURAL)).toEqual({ ...FIRST, sort: 'title' });

    // The default order is start date, newest first: its header turns it to oldest first.
    expect(effectiveOrder(FIRST, 'startDate', NATURAL)).toEqual({ sort: 'startDate', dir: 'desc' });
    const oldestFirst = sortedBy(FIRST, 'startDate', 'startDate', NATURAL);
    expect(oldestFirst).toEqual({ ...FIRST, sort: 'startDate', dir: 'asc' });
    expect(sortedBy(oldestFirst, 'startDate', 'startDate', NATURAL)).toEqual(FIRST);
  });
});
