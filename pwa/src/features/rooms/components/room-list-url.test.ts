import { RoomListQuerySchema } from '@rollbook/shared-types/rooms';
import { describe, expect, it } from 'vitest';
import { withSearch } from '../../../lib/search-list-url';
import { roomListFromSearch, roomListParams, roomListRequest } from './room-list-url';

const roundTrip = (search: string) => roomListParams(roomListFromSearch(search)).toString();

describe('the rooms list address', () => {
  it('is plain /rooms for every room by company, page 1 of 50', () => {
    expect(roundTrip('')).toBe('');
    expect(roomListRequest(roomListFromSearch(''))).toEqual({ page: 1, pageSize: 50 });
  });

  it('keeps the search, company, page and order through a reload or a shared link, and asks the API for them', () => {
    const search = 'q=quiet&companyId=7&page=2&pageSize=20&sort=capacity&dir=asc';
    expect(roundTrip(search)).toBe(search);
    const request = roomListRequest(roomListFromSearch(search));
    expect(request).toEqual({ q: 'quiet', companyId: 7, page: 2, pageSize: 20, sort: 'capacity', dir: 'asc' });
    expect(RoomListQuerySchema.parse(Object.fromEntries(Object.entries(request).map(([k, v]) => [k, String(v)])))).toMatchObject(request);
  });

  it('drops a company that is not an id', () => {
    expect(roundTrip('companyId=-1')).toBe('');
    expect(roundTrip('companyId=abc&q=a')).toBe('q=a');
  });

  it('starts a new search on its first page, keeping the company', () => {
    expect(roomListParams(withSearch(roomListFromSearch('companyId=3&page=4'), 'hall')).toString()).toBe('q=hall&companyId=3');
  });
});
