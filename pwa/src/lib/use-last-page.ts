import { pageCount } from '@rollbook/shared-types/list-page';
import { useEffect, useRef } from 'react';

interface PagedAnswer {
  data: { total?: number | undefined } | undefined;
  /** The page before, kept on screen while this one comes: not an answer for this address yet. */
  isPlaceholderData: boolean;
}

/**
 * A page past the end (the list shrank since the link was made): once the answer for this address
 * is in, `showPage` is given the state of the last page instead, to correct the address in place.
 */
export function useLastPageWhenPastTheEnd<S extends { page: number; pageSize: number }>(
  list: PagedAnswer,
  state: S,
  showPage: (state: S) => void,
): void {
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, state.pageSize);
  const pastTheEnd = !list.isPlaceholderData && total > 0 && state.page > pages;
  const latest = useRef(showPage);
  useEffect(() => {
    latest.current = showPage;
  });
  useEffect(() => {
    if (pastTheEnd) latest.current({ ...state, page: pages });
  }, [pastTheEnd, pages, state]);
}
