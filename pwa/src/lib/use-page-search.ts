import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The query string of this page's own path. Ionic keeps pages mounted (hidden) after the app
 * moves on, and they see the new location too: the last search seen on this path is kept so a
 * hidden page does not reset its filters for another page's query.
 */
export function usePageSearch(path: string): string {
  const location = useLocation();
  const [search, setSearch] = useState(location.search);
  const onThisPage = location.pathname.toLowerCase().replace(/\/+$/, '') === path.toLowerCase();
  if (onThisPage && location.search !== search) setSearch(location.search);
  return onThisPage ? location.search : search;
}
