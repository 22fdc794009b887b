import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLastPageWhenPastTheEnd, usePanelList, type PanelListDefaults } from './use-panel-list';

type Key = 'date' | 'title' | 'size';
const DEFAULTS: PanelListDefaults<Key> = { pageSize: 50, pageSizes: [20, 50, 100], defaultSort: 'date', naturalDir: { date: 'desc', size: 'desc' } };

/** The panel's list with an answer of `total` rows (placeholder: an older page's answer still on screen). */
function usePanel({ owner, total, placeholder }: { owner: string; total: number | undefined; placeholder: boolean }) {
  const list = usePanelList(owner, DEFAULTS);
  useLastPageWhenPastTheEnd(list, total === undefined ? undefined : { total }, placeholder);
  return list;
}

describe('usePanelList', () => {
  it('asks for page 1 at the default size in the default order', () => {
    const { result } = renderHook(() => usePanelList('1:7', DEFAULTS));
    expect(result.current.query).toEqual({ page: 1, pageSize: 50 });
    expect(result.current.order).toEqual({ sort: 'date', dir: 'desc' });
  });

  it('sorts a column from page 1 in its natural direction, and turns it round on a second click', () => {
    const { result } = renderHook(() => usePanelList('1:7', DEFAULTS));
    act(() => result.current.setPage(3));
    act(() => result.current.sortBy('size'));
    expect(result.current.query).toEqual({ page: 1, pageSize: 50, sort: 'size' });
    expect(result.current.order).toEqual({ sort: 'size', dir: 'desc' });
    act(() => result.current.sortBy('size'));
    expect(result.current.query).toEqual({ page: 1, pageSize: 50, sort: 'size', dir: 'asc' });
    act(() => result.current.setOrder({ sort: 'title', dir: 'desc' }));
    expect(result.current.order).toEqual({ sort: 'title', dir: 'desc' });
  });

  it('starts again at page 1 for another owner', () => {
    const { result, rerender } = renderHook(({ owner }) => usePanelList(owner, DEFAULTS), { initialProps: { owner: '1:7' } });
    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(20));
    expect(result.current.query).toEqual({ page: 1, pageSize: 20 });
    act(() => result.current.setPage(2));
    rerender({ owner: '1:8' });
    expect(result.current.query).toEqual({ page: 1, pageSize: 50 });
  });
});

describe('useLastPageWhenPastTheEnd', () => {
  it('goes to the page before when deleting the last row of the last page empties it', () => {
    const { result, rerender } = renderHook((props: { owner: string; total: number | undefined; placeholder: boolean }) => usePanel(props), {
      initialProps: { owner: '3:1', total: 101, placeholder: false },
    });
    act(() => result.current.setPage(3));
    expect(result.current.state.page).toBe(3);
    rerender({ owner: '3:1', total: 100, placeholder: false });
    expect(result.current.state.page).toBe(2);
  });

  it('stays while an older answer is still on screen, and on an empty list', () => {
    const { result, rerender } = renderHook((props: { owner: string; total: number | undefined; placeholder: boolean }) => usePanel(props), {
      initialProps: { owner: '3:1', total: 101, placeholder: false },
    });
    act(() => result.current.setPage(3));
    rerender({ owner: '3:1', total: 40, placeholder: true });
    expect(result.current.state.page).toBe(3);
    rerender({ owner: '3:1', total: 0, placeholder: false });
    expect(result.current.state.page).toBe(3);
    rerender({ owner: '3:1', total: 60, placeholder: false });
    expect(result.current.state.page).toBe(2);
  });
});
