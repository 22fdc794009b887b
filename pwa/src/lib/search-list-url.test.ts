import { describe, expect, it } from 'vitest';
import { searchListFromSearch, searchListOrder, searchListParams, searchListRequest, searchListSortedBy, withSearch, type SearchListDefaults } from './search-list-url';

type Key = 'name' | 'town' | 'raised';
const DEFAULTS: SearchListDefaults<Key> = { sortKeys: ['name', 'town', 'raised'], pageSize: 50, pageSizes: [20, 50, 100], defaultSort: 'name', naturalDir: { raised: 'desc' } };
const roundTrip = (search: string) => searchListParams(searchListFromSearch(search, DEFAULTS), DEFAULTS).toString();

describe('a searched list\'s address', () => {
  it('is plain for the first page in the list\'s own order, and asks for one page', () => {
    expect(roundTrip('')).toBe('');
    expect(searchListRequest(searchListFromSearch('', DEFAULTS))).toEqual({ page: 1, pageSize: 50 });
  });

  it('keeps the search, page, page size and order through a reload or a shared link', () => {
    const search = 'q=acme+ltd&page=3&pageSize=20&sort=town&dir=desc';
    expect(roundTrip(search)).toBe(search);
    expect(searchListRequest(searchListFromSearch(search, DEFAULTS))).toEqual({ q: 'acme ltd', page: 3, pageSize: 20, sort: 'town', dir: 'desc' });
  });

  it('drops what the list would not show: blank searches, unknown sort keys, odd page sizes and pages', () => {
    expect(roundTrip('q=%20%20&sort=price&pageSize=7&page=0&dir=up')).toBe('');
  });

  it('starts a new search on its first page, keeping order and page size', () => {
    const state = searchListFromSearch('q=a&page=4&pageSize=20&sort=town', DEFAULTS);
    expect(searchListParams(withSearch(state, 'acme'), DEFAULTS).toString()).toBe('q=acme&pageSize=20&sort=town');
  });

  it('sorts a new column in its natural direction, turns the same column round, and goes back to page 1', () => {
    const state = searchListFromSearch('q=a&page=4', DEFAULTS);
    expect(searchListOrder(state, DEFAULTS)).toEqual({ sort: 'name', dir: 'asc' });
    const byRaised = searchListSortedBy(state, 'raised', DEFAULTS);
    expect(searchListParams(byRaised, DEFAULTS).toString()).toBe('q=a&sort=raised');
    expect(searchListOrder(byRaised, DEFAULTS)).toEqual({ sort: 'raised', dir: 'desc' });
    expect(searchListParams(searchListSortedBy(byRaised, 'raised', DEFAULTS), DEFAULTS).toString()).toBe('q=a&sort=raised&dir=asc');
    expect(searchListParams(searchListSortedBy(state, 'name', DEFAULTS), DEFAULTS).toString()).toBe('q=a&sort=name&dir=desc');
  });
});
