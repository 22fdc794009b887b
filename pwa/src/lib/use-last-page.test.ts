import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLastPageWhenPastTheEnd } from './use-last-page';

const onPage = (page: number) => ({ q: 'acme', page, pageSize: 20 });

describe('a list asked for a page past its end', () => {
  it('shows its last page instead, once, keeping the rest of the address', () => {
    const showPage = vi.fn();
    const state = onPage(5);
    const { rerender } = renderHook(() => useLastPageWhenPastTheEnd({ data: { total: 45 }, isPlaceholderData: false }, state, showPage));
    rerender();
    expect(showPage.mock.calls).toEqual([[{ q: 'acme', page: 3, pageSize: 20 }]]);
  });

  it('waits while the page on screen is the one before, and leaves empty lists and pages in range alone', () => {
    const showPage = vi.fn();
    renderHook(() => useLastPageWhenPastTheEnd({ data: { total: 45 }, isPlaceholderData: true }, onPage(5), showPage));
    renderHook(() => useLastPageWhenPastTheEnd({ data: undefined, isPlaceholderData: false }, onPage(5), showPage));
    renderHook(() => useLastPageWhenPastTheEnd({ data: { total: 0 }, isPlaceholderData: false }, onPage(5), showPage));
    renderHook(() => useLastPageWhenPastTheEnd({ data: { total: 45 }, isPlaceholderData: false }, onPage(3), showPage));
    expect(showPage).not.toHaveBeenCalled();
  });
});
