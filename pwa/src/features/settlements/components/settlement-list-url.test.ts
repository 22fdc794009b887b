import { describe, expect, it } from 'vitest';
import { searchListRequest, searchListSortedBy, withSearch } from '../../../lib/search-list-url';
import { SETTLEMENT_LIST, settlementListFromSearch, settlementListParams } from './settlement-list-url';

const roundTrip = (search: string) => settlementListParams(settlementListFromSearch(search)).toString();

describe('the settlement history address', () => {
  it('is plain for the newest year, newest period first, page 1 of 50', () => {
    expect(roundTrip('')).toBe('');
    const state = settlementListFromSearch('');
    expect(state.year).toBeNull();
    expect(searchListRequest(state)).toEqual({ page: 1, pageSize: 50 });
  });

  it('keeps the year, search, page and order through a reload or a shared link', () => {
    const search = 'year=2025&q=march&page=2&pageSize=20&sort=amount&dir=desc';
    expect(roundTrip(search)).toBe(search);
    expect(searchListRequest(settlementListFromSearch(search))).toEqual({ q: 'march', page: 2, pageSize: 20, sort: 'amount', dir: 'desc' });
  });

  it('drops a year that is not one', () => {
    expect(roundTrip('year=20x5')).toBe('');
    expect(roundTrip('year=99')).toBe('');
  });

  it('sorts dates newest first and starts a new search on its first page, keeping the year', () => {
    const state = settlementListFromSearch('year=2026&page=3');
    expect(settlementListParams(searchListSortedBy(state, 'dateCreated', SETTLEMENT_LIST)).toString()).toBe('year=2026&sort=dateCreated');
    expect(settlementListParams(withSearch(state, 'rev')).toString()).toBe('year=2026&q=rev');
  });
});
