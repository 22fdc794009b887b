import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { asksForPage, keysetPageQueryShape, MAX_PAGE_SIZE, pageCount, pageQueryShape } from '../src/list-page.js';

const Query = z.object({ ...pageQueryShape(['name', 'startDate'] as const) });
const KeysetQuery = z.object({ ...keysetPageQueryShape(['date'] as const, 50) });

describe('the list paging contract', () => {
  it('reads page, pageSize, sort and dir from a query string', () => {
    expect(Query.parse({ page: '3', pageSize: '25', sort: 'startDate', dir: 'desc' })).toEqual({ page: 3, pageSize: 25, sort: 'startDate', dir: 'desc' });
    expect(Query.parse({})).toEqual({});
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ pageSize: String(MAX_PAGE_SIZE + 1) }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ sort: 'price' }, 'sort'],
    [{ dir: 'DESC' }, 'dir'],
  ])('refuses %j naming %s', (query, field) => {
    const result = Query.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });

  it("holds a keyset list's own most rows per page and takes its cursor", () => {
    expect(KeysetQuery.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(KeysetQuery.parse({ after: 'abc', pageSize: '50' })).toEqual({ after: 'abc', pageSize: 50 });
  });

  it('tells a paged call from the older whole-list call', () => {
    expect(asksForPage({})).toBe(false);
    expect(asksForPage({ page: 1 })).toBe(true);
    expect(asksForPage({ pageSize: 10 })).toBe(true);
    expect(asksForPage({ after: 'x' })).toBe(true);
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50), pageCount(183, 50)]).toEqual([1, 1, 2, 4]);
  });
});
