import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePageSearch } from './use-page-search';

/** History state of an entry written while typing in a list's search box. */
const TYPING = 'list-search-typing';

export interface ShowHow {
  typing?: boolean;
  replace?: boolean;
}

export interface ListUrl {
  /** The page's own query string ('' or '?…'), kept while the page is hidden behind another. */
  search: string;
  /**
   * Shows the list for `params`. A new history entry each time (back returns to the list before),
   * except while typing: the first keystroke's entry is then updated, so one search is one step back.
   * `replace` corrects the address in place (a page number past the end).
   */
  show: (params: URLSearchParams, how?: ShowHow) => void;
}

/**
 * A list whose page, order and filters live in the address, so back, forward, reload and a shared
 * link show the same rows. Reads through usePageSearch rather than useSearchParams: Ionic keeps the
 * list mounted (hidden) while other pages are open, and it must not follow their query strings.
 */
export function useListUrl(path: string): ListUrl {
  const search = usePageSearch(path);
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef(location);
  useEffect(() => {
    latest.current = location;
  }, [location]);

  const show = useCallback(
    (params: URLSearchParams, how: ShowHow = {}) => {
      const here = latest.current;
      // A debounced search that fires after the user has moved on must not pull them back.
      if (here.pathname.toLowerCase().replace(/\/+$/, '') !== path.toLowerCase()) return;
      const next = params.toString();
      if (`?${next}` === here.search || (next === '' && here.search === '')) return;
      const typing = how.typing === true;
      navigate(
        { pathname: here.pathname, search: next ? `?${next}` : '' },
        { replace: how.replace === true || (typing && here.state === TYPING), state: typing ? TYPING : null },
      );
    },
    [navigate, path],
  );
  return { search, show };
}
